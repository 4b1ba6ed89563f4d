// Express 4: a deployment service keeps each fleet's host inventory as an .ini file (the format its
// Ansible-era tooling still writes: one [host.<name>] section per machine, ~580 KB for 5,200 hosts).
// /x answers "which enabled hosts of the fleet are in zone N": it parses the fleet's whole inventory
// text with ini.parse on every request instead of keeping the parsed inventory.
'use strict';
const express = require('express');
const ini = require('ini');

const inventories = new Map();
for (const fleet of ['edge-eu', 'edge-us']) {
  inventories.set(fleet, Array.from({ length: 5200 }, (_, i) => `[host.${fleet}-${i}]\naddress = 10.${fleet.length}.${i % 250}.${i % 200}\nport = ${8000 + (i % 100)}\nweight = ${i % 10}\nzone = zone-${i % 3}\ntags[] = rack-${i % 40}\ntags[] = gen-${i % 4}\nenabled = ${i % 9 ? 'true' : 'false'}\n`).join('\n'));
}

const app = express();
app.get('/health', (req, res) => res.json({ ok: true }));
app.get('/x', (req, res) => {
  const text = inventories.get(req.query.fleet) || inventories.get('edge-eu');
  const inventory = ini.parse(text);
  const zone = `zone-${Number(req.query.zone) || 1}`;
  const hosts = Object.entries(inventory.host).filter(([, h]) => h.enabled === true && h.zone === zone).map(([name, h]) => ({ name, address: h.address, port: Number(h.port) }));
  res.json({ zone, count: hosts.length, hosts: hosts.slice(0, 50) });
});

app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
