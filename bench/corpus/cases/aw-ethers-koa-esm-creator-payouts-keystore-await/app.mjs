// koa (ESM): the payout service of a creator marketplace that pays creators in USDC on an L2 chain. Each payout run
// (/payouts/:run/sign) unlocks the treasury hot wallet from its encrypted JSON keystore (geth's light-KDF scrypt
// parameters, N = 4096, p = 6) with ethers and signs the run's transfer transactions for the broadcaster. The unlock
// is awaited, so it reads as I/O; ethers 6 derives the key with @noble/hashes' scryptAsync, which only yields with
// `await` of an empty async function (a microtask), never to the event loop. The keystore and the payout runs are
// made at start-up (no network, no chain).
import Koa from 'koa';
import Router from '@koa/router';
import { Wallet, Interface, encryptKeystoreJsonSync, parseUnits } from 'ethers';

const KEYSTORE_PASSWORD = 'vault-7f3a-payouts-2025';
const treasury = new Wallet('0x8da4ef21b864d2cc526dbdb2a120bd2874c36c9d0a1fb7f8c63d7f7a8b4f1e21');
const keystore = encryptKeystoreJsonSync({ address: treasury.address, privateKey: treasury.privateKey }, KEYSTORE_PASSWORD, { scrypt: { N: 4096, p: 6 } });
const usdc = new Interface(['function transfer(address to, uint256 amount) returns (bool)']);
const USDC_ADDRESS = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913';
const runs = new Map([['2025-06-W23', Array.from({ length: 12 }, (_, i) => ({ creator: `creator-${3100 + i}`, to: Wallet.createRandom().address, amount: (125 + i * 17.5).toFixed(2) }))]]);

async function signRun(payouts, nonceStart) {
  const signer = await Wallet.fromEncryptedJson(keystore, KEYSTORE_PASSWORD);
  const signed = [];
  for (const [i, p] of payouts.entries()) {
    signed.push(await signer.signTransaction({ type: 2, chainId: 8453, nonce: nonceStart + i, to: USDC_ADDRESS, gasLimit: 65000n, maxFeePerGas: parseUnits('0.05', 'gwei'), maxPriorityFeePerGas: parseUnits('0.001', 'gwei'), data: usdc.encodeFunctionData('transfer', [p.to, parseUnits(p.amount, 6)]) }));
  }
  return signed;
}

const router = new Router();
router.get('/health', (ctx) => { ctx.body = 'ok'; });
router.get('/payouts/:run/sign', async (ctx) => {
  const payouts = runs.get(ctx.params.run);
  if (!payouts) ctx.throw(404, 'unknown payout run');
  const signed = await signRun(payouts, 1200);
  ctx.body = { run: ctx.params.run, from: treasury.address, transactions: signed.map((raw, i) => ({ creator: payouts[i].creator, amount: payouts[i].amount, raw })) };
});

const app = new Koa();
app.use(router.routes()).use(router.allowedMethods());
app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
