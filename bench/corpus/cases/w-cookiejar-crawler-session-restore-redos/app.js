// Express: a site-monitoring crawler keeps, per monitored site, the Set-Cookie headers it last received,
// and /x restores every site's session into a cookiejar 2.1.3 CookieJar before a check round. One site
// answered with a 36 KB Set-Cookie whose 15,000-character first pair has no "=" (CVE-2022-25901), stored as received.
'use strict';
const express = require('express');
const { CookieJar, CookieAccessInfo } = require('cookiejar');

const sites = [];
for (let i = 0; i < 40; i++) {
  sites.push({ host: `shop${i}.example.com`, setCookie: [`sid=${'ab'.repeat(16)}${i}; Path=/; HttpOnly`, `pref=lang%3Den; Domain=shop${i}.example.com; Path=/`, `cart=${i}; Max-Age=3600`] });
}
sites[29].setCookie = [`${'a'.repeat(15000)}; ${'x'.repeat(21000)}`];

const app = express();
app.get('/health', (req, res) => res.send('ok'));

app.get('/x', (req, res) => {
  let cookies = 0;
  for (const site of sites) {
    const jar = new CookieJar();
    jar.setCookies(site.setCookie, site.host, '/');
    cookies += jar.getCookies(new CookieAccessInfo(site.host, '/')).length;
  }
  res.json({ sites: sites.length, cookies });
});

app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
