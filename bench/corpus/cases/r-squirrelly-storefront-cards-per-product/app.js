// hapi, bundled with webpack (production mode: minified by terser): a storefront's category page. The
// merchants edit the product card's template in the shop's admin (kept as text with the theme: made at
// start-up here), and /x renders the category's 300 cards (its "show all" view), each with Squirrelly's
// render(template, data), which compiles the template text again on every call: no name, so nothing is
// cached.
'use strict';
const Hapi = require('@hapi/hapi');
const Sqrl = require('squirrelly');

const cardTemplate = `
<article class="card{{@if(it.p.sale)}} card--sale{{/if}}" data-sku="{{it.p.sku}}" data-category="{{it.category}}">
  <a href="/p/{{it.p.slug}}"><img src="{{it.cdn}}/{{it.p.sku}}-400.webp" srcset="{{it.cdn}}/{{it.p.sku}}-800.webp 2x" alt="{{it.p.title}}" loading="lazy"></a>
  <h3><a href="/p/{{it.p.slug}}">{{it.p.title}}</a></h3>
  {{@if(it.p.sale)}}<p class="price"><del>{{it.p.price}} {{it.currency}}</del> <ins>{{it.p.sale}} {{it.currency}}</ins></p>
  {{#else}}<p class="price">{{it.p.price}} {{it.currency}}</p>{{/if}}
  <ul class="swatches">{{@each(it.p.colours) => colour}}<li style="--c:{{colour}}" title="{{colour}}">{{colour}}</li>{{/each}}</ul>
  <ul class="badges">{{@each(it.p.badges) => b}}<li class="badge badge--{{b}}">{{b}}</li>{{/each}}</ul>
  {{@if(it.p.stock > 5)}}<p class="stock">In stock</p>{{#elif(it.p.stock > 0)}}<p class="stock stock--low">Only {{it.p.stock}} left</p>{{#else}}<p class="stock stock--out">Sold out</p>{{/if}}
  <details class="quick-view"><summary>Quick view</summary>
    {{@each(it.p.specs) => s}}<dl><dt>{{s.k}}</dt><dd>{{s.v}}</dd></dl>{{/each}}
    <table class="sizes"><tr><th>Size</th><th>Chest</th><th>Length</th><th></th></tr>
    {{@each(it.p.sizes) => z}}<tr{{@if(!z.stock)}} class="out"{{/if}}><td>{{z.label}}</td><td>{{z.chest}} cm</td><td>{{z.length}} cm</td><td>{{@if(z.stock)}}<input type="radio" name="size-{{it.p.sku}}" value="{{z.label}}">{{#else}}-{{/if}}</td></tr>{{/each}}
    </table>
    <p class="care">{{it.p.care}}</p>
    {{@each(it.p.sizes) => z}}{{@if(!z.stock)}}<form class="notify" method="post" action="/notify"><input type="hidden" name="sku" value="{{it.p.sku}}-{{z.label}}"><label>Size {{z.label}} is sold out. Email me when it is back: <input type="email" name="email" required></label><button>Notify me</button></form>{{/if}}{{/each}}
    <p class="delivery">{{@if(it.p.stock > 5)}}Ships in 1-2 working days{{#else}}Ships in 3-5 working days{{/if}} to {{it.country}}. Free returns within 30 days.</p>
  </details>
  <div class="card__actions">
    <button class="wishlist" data-sku="{{it.p.sku}}" aria-pressed="{{@if(it.p.wished)}}true{{#else}}false{{/if}}" title="Add {{it.p.title}} to your wishlist">&#9825;</button>
    <label class="compare"><input type="checkbox" name="compare" value="{{it.p.sku}}"{{@if(it.p.compared)}} checked{{/if}}> Compare</label>
    {{@if(it.p.colours.length > 1)}}<span class="more-colours">{{it.p.colours.length}} colours</span>{{/if}}
  </div>
  {{@if(it.p.rating)}}<p class="rating" aria-label="{{it.p.rating}} of 5">{{@each(it.stars) => star}}<i class="star{{@if(star <= it.p.rating)}} on{{/if}}"></i>{{/each}} ({{it.p.reviews}})</p>{{/if}}
  <form method="post" action="/cart"><input type="hidden" name="sku" value="{{it.p.sku}}"><button{{@if(!it.p.stock)}} disabled{{/if}}>Add to cart</button></form>
  <script type="application/ld+json">{"@context":"https://schema.org","@type":"Product","sku":"{{it.p.sku}}","name":"{{it.p.title}}","offers":{"@type":"Offer","price":"{{@if(it.p.sale)}}{{it.p.sale}}{{#else}}{{it.p.price}}{{/if}}","priceCurrency":"{{it.currency}}","availability":"https://schema.org/{{@if(it.p.stock)}}InStock{{#else}}OutOfStock{{/if}}"}}</script>
</article>`;

const products = Array.from({ length: 300 }, (_, i) => ({
  sku: `TS-${4000 + i}`, slug: `organic-tee-${i}`, title: `Organic cotton tee <${['slim', 'regular', 'boxy'][i % 3]}> no. ${i}`,
  price: (1990 + i * 100) / 100, sale: i % 4 === 0 ? (1490 + i * 80) / 100 : null, stock: i % 9,
  colours: ['black', 'white', 'sand', 'olive', 'navy'].slice(0, 1 + (i % 5)), badges: i % 2 ? ['new', 'organic'] : ['organic'],
  specs: [{ k: 'Fabric', v: '100% organic cotton' }, { k: 'Weight', v: `${160 + i} g/m²` }, { k: 'Fit', v: ['slim', 'regular', 'boxy'][i % 3] }],
  sizes: ['XS', 'S', 'M', 'L', 'XL', 'XXL'].map((label, k) => ({ label, chest: 84 + k * 6, length: 66 + k * 2, stock: (i + k) % 4 })),
  care: 'Machine wash cold, inside out. Do not tumble dry.', wished: i % 11 === 0, compared: i % 13 === 0, rating: i % 6, reviews: (i * 17) % 300,
}));

const init = async () => {
  const server = Hapi.server({ port: Number(process.env.PORT) || 0, host: '127.0.0.1' });
  server.route({ method: 'GET', path: '/health', handler: () => 'ok' });
  server.route({ method: 'GET', path: '/x', handler: (request, h) => {
    const cards = products.map((p) => Sqrl.render(cardTemplate, { p, category: 'tees', country: 'Germany', stars: [1, 2, 3, 4, 5], cdn: 'https://cdn.shop.example', currency: 'EUR' }));
    return h.response(`<!doctype html><main class="grid">${cards.join('\n')}</main>`).type('text/html');
  } });
  await server.start();
};
init();
