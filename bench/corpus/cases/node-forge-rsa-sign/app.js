// Signs each receipt with a 4096-bit RSA key through node-forge (pure-JavaScript RSA).
'use strict';
const express = require('express');
const forge = require('node-forge');

const keys = forge.pki.rsa.generateKeyPair({ bits: 4096, e: 0x10001 });
let receiptNo = 0;

const app = express();
app.get('/health', (req, res) => res.send('ok'));

app.get('/x', (req, res) => {
  const receipt = JSON.stringify({ no: ++receiptNo, amount: 42.5, currency: 'EUR' });
  const md = forge.md.sha256.create();
  md.update(receipt, 'utf8');
  const signature = keys.privateKey.sign(md);
  res.json({ receipt, signature: forge.util.encode64(signature) });
});

app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
