// Express 5: the account service's signup hashes each new password with passport-local-mongoose, the
// plugin on its mongoose User schema (defaults: 32-byte salt, PBKDF2-SHA256, 25,000 iterations, 512-byte
// key). setPassword draws the salt with crypto.randomBytes, then runs crypto.pbkdf2 from its promise chain
// on libuv's pool: the loop stays free, but 16 signups at once keep the pool's 4 threads busy. The new
// documents go to the service's bulk writer (an in-memory queue here: the bench has no MongoDB, and
// nothing connects).
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const express = require('express');
const mongoose = require('mongoose');
const passportLocalMongoose = require('passport-local-mongoose');

const statusFile = path.join(__dirname, 'status.json');
const userSchema = new mongoose.Schema({ email: String, plan: { type: String, default: 'free' }, createdAt: { type: Date, default: Date.now } });
userSchema.plugin(passportLocalMongoose, { usernameField: 'email' });
const User = mongoose.model('User', userSchema);
const pendingWrites = [];
let seq = 0;

const app = express();
app.get('/health', async (req, res) => { res.type('json').send(await fs.promises.readFile(statusFile)); });
app.get('/x', (req, res, next) => {
  const n = seq++;
  const user = new User({ email: `user${n}@example.test`, plan: n % 5 ? 'free' : 'team' });
  user.setPassword(`correct-horse-${n}-battery-staple`, (err) => {
    if (err) return next(err);
    pendingWrites.push(user.toObject());
    if (pendingWrites.length > 500) pendingWrites.splice(0, 250);
    res.status(201).json({ id: user.id, email: user.email, plan: user.plan });
  });
});

app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
