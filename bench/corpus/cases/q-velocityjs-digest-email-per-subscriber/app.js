// hapi: the notification service renders the weekly digest e-mails. The templates are Velocity (VTL): they
// came over from the Java mailer with the marketing team's edits, and velocityjs renders them. /x renders the
// next batch of 80 subscribers' digests (each with its saved searches and 6 listings; made at start-up) with
// Velocity.render(template, context) per subscriber, and queues them for the SMTP relay.
'use strict';
const Hapi = require('@hapi/hapi');
const Velocity = require('velocityjs');

const template = `
#set($first = $subscriber.name.split(" ")[0])
#macro(price $amount $currency)#if($currency == "EUR")$amount €#else$currency $amount#end#end
<html><body style="font-family: Arial, sans-serif">
<h1>Hello $!first,</h1>
<p>Here is what happened this week#if($subscriber.city) around $subscriber.city#end.</p>
#if($subscriber.searches.size() > 0)
<h2>Your saved searches</h2>
<ul>
#foreach($search in $subscriber.searches)
  <li>$search.label: $search.newCount new#if($search.newCount != 1) listings#else listing#end#if($velocityCount < $subscriber.searches.size()),#end</li>
#end
</ul>
#end
<h2>Picked for you</h2>
<table>
#foreach($listing in $listings)
  #set($rowColour = "#ffffff")
  #if($velocityCount % 2 == 0) #set($rowColour = "#f4f4f4") #end
  <tr style="background: $rowColour">
    <td><a href="https://homes.example/l/$listing.id?utm_source=digest&amp;utm_campaign=$campaign">$listing.title</a></td>
    <td>#price($listing.price $listing.currency)</td>
    <td>$listing.rooms rooms, $listing.area m²#if($listing.balcony), balcony#end#if($listing.garden), garden#end</td>
    <td>#if($listing.price < $subscriber.budget)<b>within budget</b>#elseif($listing.price < $subscriber.budget * 1.1)slightly above budget#else&nbsp;#end</td>
  </tr>
#end
</table>
#if($subscriber.premium)
<p>As a premium member you see new listings 24 hours early. Your plan renews on $subscriber.renewal.</p>
#else
<p><a href="https://homes.example/premium?u=$subscriber.id">Try premium</a> to see new listings first.</p>
#end
<p style="color:#888">You get this e-mail because you subscribed on $subscriber.since.
<a href="https://homes.example/unsubscribe?u=$subscriber.id&amp;t=$subscriber.token">Unsubscribe</a></p>
</body></html>`;

const cities = ['Berlin', 'Hamburg', 'Leipzig', 'Köln', null];
const subscribers = Array.from({ length: 80 }, (_, i) => ({
  id: 50000 + i, name: `Alex${i} Example`, city: cities[i % 5], budget: 250000 + (i % 20) * 10000, premium: i % 4 === 0,
  renewal: '2025-04-01', since: '2023-06-12', token: `t${(i * 2654435761 % 4294967296).toString(36)}`,
  searches: Array.from({ length: i % 4 }, (_, k) => ({ label: `${2 + k} rooms in ${cities[k % 4]}`, newCount: (i + k) % 5 })),
}));
const listings = Array.from({ length: 6 }, (_, k) => ({ id: `L-${9000 + k}`, title: `Bright ${2 + k}-room flat`, price: 240000 + k * 15000, currency: k % 3 ? 'EUR' : 'CHF', rooms: 2 + k, area: 55 + k * 12, balcony: k % 2 === 0, garden: k === 5 }));
const outbox = [];

const init = async () => {
  const server = Hapi.server({ port: Number(process.env.PORT) || 0, host: '127.0.0.1' });
  server.route({ method: 'GET', path: '/health', handler: () => 'ok' });
  server.route({ method: 'GET', path: '/x', handler: () => {
    for (const subscriber of subscribers) {
      const html = Velocity.render(template, { subscriber, listings, campaign: 'digest-2025-10' });
      outbox.push({ to: subscriber.id, subject: 'Your weekly digest', html });
    }
    const queued = outbox.length;
    outbox.length = 0;
    return { queued };
  } });
  await server.start();
};
init();
