// Fastify: the storefront renders its landing pages from sections the marketing team edits in the CMS as
// Pug templates (kept as text in the CMS database; the section store is made at start-up). /x renders the
// spring campaign page: each of its 7 sections goes through pug.render(template, locals), which lexes,
// parses and compiles the section's Pug into a JavaScript function before calling it once, because
// render keeps nothing without cache: true and a filename.
'use strict';
const fastify = require('fastify')({ logger: false });
const pug = require('pug');

const sectionTemplate = (n) => `
section.campaign(class="section-${n}" data-section=id)
  header
    h2= title
    if subtitle
      p.subtitle= subtitle
  .grid
    each product, i in products
      article.card(class=product.onSale ? 'sale' : '', data-sku=product.sku)
        a(href='/p/' + product.slug)
          img(src=product.image, alt=product.name, loading=i > 3 ? 'lazy' : 'eager')
          h3= product.name
        .price
          if product.onSale
            del= currency + product.listPrice.toFixed(2)
            strong= currency + product.price.toFixed(2)
          else
            span= currency + product.price.toFixed(2)
        ul.badges
          each badge in product.badges
            li(class='badge-' + badge)= badge
        button.add(type='button', data-sku=product.sku, disabled=!product.inStock) #{product.inStock ? 'Add to cart' : 'Sold out'}
  if footnote
    footer.note!= footnote
  case layout
    when 'wide'
      .spacer.wide
    when 'narrow'
      .spacer.narrow
    default
      .spacer
`;
const sections = Array.from({ length: 7 }, (_, n) => ({ id: `spring-${n}`, template: sectionTemplate(n), layout: ['wide', 'narrow', 'plain'][n % 3] }));
const products = Array.from({ length: 8 }, (_, i) => ({
  sku: `SKU-${4400 + i}`, slug: `garden-chair-${i}`, name: `Garden chair ${i}`, image: `/img/chair-${i}.webp`,
  price: 49 + i * 10, listPrice: 69 + i * 10, onSale: i % 3 === 0, inStock: i % 5 !== 4, badges: i % 2 ? ['new', 'eco'] : ['bestseller'],
}));

fastify.get('/health', async () => 'ok');
fastify.get('/x', async (request, reply) => {
  const html = [];
  for (const s of sections) {
    html.push(pug.render(s.template, { id: s.id, title: `Spring ${s.id}`, subtitle: 'Fresh picks for the garden', products, currency: '€', footnote: '<em>While stocks last.</em>', layout: s.layout }));
  }
  reply.type('text/html');
  return `<!doctype html><html><body>${html.join('\n')}</body></html>`;
});
fastify.listen({ port: Number(process.env.PORT) || 0, host: '127.0.0.1' });
