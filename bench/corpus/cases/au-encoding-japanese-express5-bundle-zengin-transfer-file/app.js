// Express 5, bundled and minified with esbuild as the team ships it: the payments service of a Japanese payroll and
// accounts-payable SaaS. An approved payment run is handed to the customer's bank as a Zengin-format bulk transfer
// file: fixed-width 120-byte records, payee and bank names in half-width katakana, encoded in Shift_JIS. The
// download (/payment-runs/:id/zengin) formats the run's 3,000 transfers and converts the text with
// encoding-japanese (stringToCode, then convert to SJIS, both over arrays of character codes) on every download,
// although an approved run never changes. Payment runs are made at start-up.
'use strict';
const express = require('express');
const Encoding = require('encoding-japanese');

const kana = ['ﾔﾏﾀﾞ ﾀﾛｳ', 'ｽｽﾞｷ ﾊﾅｺ', 'ｶ)ﾀﾅｶｼｮｳｼﾞ', 'ｻﾄｳ ｹﾝｼﾞ', 'ﾕ)ﾐﾄﾞﾘｾｲｺﾂ', 'ﾜﾀﾅﾍﾞ ﾕｳｷ', 'ｶ)ｱｵﾊﾞﾃﾞﾝｷ', 'ｺﾊﾞﾔｼ ﾐｷ'];
const banks = [['0001', 'ﾐｽﾞﾎ'], ['0005', 'ﾐﾂﾋﾞｼﾕｰｴﾌｼﾞｪｲ'], ['0009', 'ﾐﾂｲｽﾐﾄﾓ'], ['0010', 'ﾘｿﾅ'], ['0033', 'PAYPAY'], ['0036', 'ﾗｸﾃﾝ']];
const branches = ['ﾎﾝﾃﾝ', 'ﾄｳｷﾖｳｴｷﾏｴ', 'ｼﾝｼﾞﾕｸ', 'ｳﾒﾀﾞ', 'ﾅｺﾞﾔ', 'ｻｯﾎﾟﾛ'];
const padR = (s, n) => (s + ' '.repeat(n)).slice(0, n);
const padL = (s, n, c = '0') => String(s).padStart(n, c).slice(-n);

const runs = new Map();
for (let r = 0; r < 12; r++) {
  const id = `PR-2025-06-${String(r + 1).padStart(2, '0')}`;
  const transfers = Array.from({ length: 3000 }, (_, i) => {
    const [bankCode, bankName] = banks[(i + r) % banks.length];
    return { bankCode, bankName, branchCode: padL((i * 7) % 900 + 1, 3), branchName: branches[i % branches.length], accountType: i % 9 ? '1' : '2',
      account: padL((i * 104729 + r) % 9999999, 7), payee: kana[i % kana.length], amount: 48000 + ((i * 7919) % 420000), employee: `E${padL(10000 + i, 6)}` };
  });
  runs.set(id, { id, consignor: '0000123456', consignorName: 'ｶ)ｻｸﾗﾍﾟｲﾛｰﾙ', payDate: '0625', fromBank: ['0001', 'ﾐｽﾞﾎ', '110', 'ﾏﾙﾉｳﾁ', '1', '1234567'], transfers });
}

function zenginText(run) {
  const [bank, bankName, branch, branchName, type, account] = run.fromBank;
  const lines = [`1210${run.consignor}${padR(run.consignorName, 40)}${run.payDate}${bank}${padR(bankName, 15)}${branch}${padR(branchName, 15)}${type}${account}${' '.repeat(17)}`];
  let total = 0;
  for (const t of run.transfers) {
    total += t.amount;
    lines.push(`2${t.bankCode}${padR(t.bankName, 15)}${t.branchCode}${padR(t.branchName, 15)}    ${t.accountType}${t.account}${padR(t.payee, 30)}${padL(t.amount, 10)}0${padR(t.employee, 10)}${' '.repeat(10)}7 ${' '.repeat(7)}`);
  }
  lines.push(`8${padL(run.transfers.length, 6)}${padL(total, 12)}${' '.repeat(101)}`, `9${' '.repeat(119)}`);
  return lines.join('\r\n') + '\r\n';
}

const app = express();
app.get('/health', (req, res) => { res.send('ok'); });
app.get('/payment-runs/:id/zengin', (req, res) => {
  const run = runs.get(req.params.id);
  if (!run) return res.status(404).json({ error: 'no such payment run' });
  const text = zenginText(run);
  const file = Buffer.from(Encoding.convert(Encoding.stringToCode(text), { to: 'SJIS', from: 'UNICODE' }));
  res.set({ 'content-type': 'text/plain; charset=Shift_JIS', 'content-disposition': `attachment; filename="${run.id}.txt"` }).send(file);
});
app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
