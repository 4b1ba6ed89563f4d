// NestJS 11 in TypeScript, compiled with tsc (decorators and their metadata emitted, CommonJS, source maps),
// as the Nest CLI builds it: the catalogue team's partner feed. Before the feed goes out, /x checks each of
// the 1,100 products against the JSON Schema the partners published, with jsonschema's Validator, and lists
// the products that fail. The products are made at start-up.
import 'reflect-metadata';
import { Controller, Get, Injectable, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Validator, Schema } from 'jsonschema';

const productSchema: Schema = {
  type: 'object',
  required: ['sku', 'title', 'price', 'currency', 'link', 'availability', 'updatedAt', 'variants'],
  properties: {
    sku: { type: 'string', pattern: '^[A-Z]{3}-[0-9]{4,8}$' },
    title: { type: 'string', minLength: 3, maxLength: 150 },
    description: { type: 'string', maxLength: 5000 },
    price: { type: 'number', minimum: 0, exclusiveMinimum: 0 },
    currency: { enum: ['EUR', 'GBP', 'USD', 'CHF'] },
    link: { type: 'string', format: 'uri' },
    imageLinks: { type: 'array', items: { type: 'string', format: 'uri' }, maxItems: 10 },
    availability: { enum: ['in_stock', 'out_of_stock', 'preorder'] },
    updatedAt: { type: 'string', format: 'date-time' },
    gtin: { type: 'string', pattern: '^[0-9]{8,14}$' },
    variants: {
      type: 'array', minItems: 1,
      items: {
        type: 'object', required: ['id', 'size', 'stock'], additionalProperties: false,
        properties: { id: { type: 'string' }, size: { enum: ['XS', 'S', 'M', 'L', 'XL', 'XXL'] }, colour: { type: 'string' }, stock: { type: 'integer', minimum: 0 } },
      },
    },
  },
};

@Injectable()
class FeedService {
  private readonly validator = new Validator();
  private readonly products = Array.from({ length: 1100 }, (_, i) => ({
    sku: `ABC-${String(10000 + i)}`, title: `Merino crew neck ${i}`, description: 'Soft merino wool, regular fit. '.repeat(8),
    price: i % 211 === 0 ? 0 : 19.99 + (i % 80), currency: ['EUR', 'GBP', 'USD'][i % 3], link: `https://shop.example/p/${i}`,
    imageLinks: [`https://cdn.shop.example/i/${i}/1.jpg`, `https://cdn.shop.example/i/${i}/2.jpg`, `https://cdn.shop.example/i/${i}/3.jpg`],
    availability: i % 9 === 0 ? 'backorder' : 'in_stock', updatedAt: `2025-02-${String(1 + (i % 28)).padStart(2, '0')}T08:30:00Z`, gtin: String(4006381333931 + i),
    variants: ['S', 'M', 'L', 'XL'].map((size, k) => ({ id: `${i}-${k}`, size, colour: 'navy', stock: (i + k) % 40 })),
  }));

  rejected() {
    const failures: { sku: string; errors: string[] }[] = [];
    for (const p of this.products) {
      const result = this.validator.validate(p, productSchema);
      if (!result.valid) failures.push({ sku: p.sku, errors: result.errors.map((e) => e.stack) });
    }
    return { checked: this.products.length, rejected: failures.length, failures: failures.slice(0, 20) };
  }
}

@Controller()
class FeedController {
  constructor(private readonly feed: FeedService) {}

  @Get('health')
  health() { return 'ok'; }

  @Get('x')
  check() { return this.feed.rejected(); }
}

@Module({ controllers: [FeedController], providers: [FeedService] })
class AppModule {}

async function bootstrap() {
  const app = await NestFactory.create(AppModule, { logger: ['error'] });
  await app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
}
bootstrap();
