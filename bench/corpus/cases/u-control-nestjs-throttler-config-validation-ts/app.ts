// control, NestJS 11 in TypeScript, compiled with tsc (decorators and metadata, CommonJS, source maps): a
// product-search API with the modules a Nest service template brings: @nestjs/config (settings from the
// environment with defaults), @nestjs/throttler (a global guard: 50,000 requests a minute per client, a backstop
// behind the gateway's own limits), nestjs-cls (a request id in async-local storage, returned with each answer),
// and a global ValidationPipe with class-validator and class-transformer turning the query into a checked DTO.
// /x returns a page of 24 products of a category from 6,000 kept in memory (made at start-up): a few
// milliseconds per request.
import 'reflect-metadata';
import { Controller, Get, Injectable, Module, Query, ValidationPipe } from '@nestjs/common';
import { NestFactory, APP_GUARD } from '@nestjs/core';
import { ConfigModule, ConfigService } from '@nestjs/config';
import { ThrottlerGuard, ThrottlerModule } from '@nestjs/throttler';
import { ClsModule, ClsService } from 'nestjs-cls';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, Max, Min } from 'class-validator';

const CATEGORIES = ['shoes', 'jackets', 'shirts', 'bags', 'hats'];

class SearchQuery {
  @IsOptional() @IsIn(CATEGORIES) category: string = 'shoes';
  @IsOptional() @Type(() => Number) @IsInt() @Min(1) page: number = 1;
  @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(100) size: number = 24;
}

@Injectable()
class CatalogueService {
  private readonly products = Array.from({ length: 6000 }, (_, i) => ({
    sku: `P-${200000 + i}`, title: `Product ${i}`, category: CATEGORIES[i % CATEGORIES.length], price: Math.round((9.5 + (i % 180) * 1.25) * 100) / 100,
    rating: (i % 50) / 10, inStock: i % 7 !== 0,
  }));
  private searches = 0;

  constructor(private readonly config: ConfigService, private readonly cls: ClsService) {}

  search(q: SearchQuery) {
    const matching = this.products.filter((p) => p.category === q.category && (p.inStock || this.config.get<boolean>('SHOW_OUT_OF_STOCK', false)));
    this.searches += 1;
    return { requestId: this.cls.getId(), region: this.config.get<string>('REGION', 'eu-west-1'), total: matching.length, page: q.page, products: matching.slice((q.page - 1) * q.size, q.page * q.size) };
  }
}

@Controller()
class CatalogueController {
  constructor(private readonly catalogue: CatalogueService) {}

  @Get('health')
  health() { return { status: 'ok' }; }

  @Get('x')
  search(@Query() q: SearchQuery) { return this.catalogue.search(q); }
}

@Module({
  imports: [
    ConfigModule.forRoot({ ignoreEnvFile: true, isGlobal: true }),
    ThrottlerModule.forRoot([{ ttl: 60_000, limit: 50_000 }]),
    ClsModule.forRoot({ global: true, middleware: { mount: true, generateId: true } }),
  ],
  controllers: [CatalogueController],
  providers: [CatalogueService, { provide: APP_GUARD, useClass: ThrottlerGuard }],
})
class AppModule {}

async function bootstrap() {
  const app = await NestFactory.create(AppModule, { logger: ['error'] });
  app.useGlobalPipes(new ValidationPipe({ transform: true, whitelist: true, forbidNonWhitelisted: true }));
  await app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
}
bootstrap();
