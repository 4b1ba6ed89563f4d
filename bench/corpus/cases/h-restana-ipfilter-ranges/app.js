// restana: a partner API that refuses traffic from the address ranges on the abuse team's blocklist,
// enforced with express-ipfilter in front of every route.
const restana = require('restana');
const { IpFilter, IpDeniedError } = require('express-ipfilter');

const blocklist = Array.from({ length: 400 }, (_, i) => {
  const a = 41 + (i >> 6);
  const b = (i * 4) & 255;
  return [`${a}.${b}.0.0`, `${a}.${b + 3}.255.255`];
});

const service = restana({
  errorHandler(err, req, res) {
    res.send({ error: err instanceof IpDeniedError ? 'forbidden' : 'internal' }, err instanceof IpDeniedError ? 403 : 500);
  },
});

service.use(IpFilter(blocklist, { mode: 'deny', log: false, excluding: ['^/health$'] }));
service.get('/health', (req, res) => res.send('ok'));
service.get('/x', (req, res) => {
  res.send({ partner: 'acme', quota: { limit: 1000, remaining: 997 }, region: 'eu-central-1' });
});

service.start(Number(process.env.PORT) || 0, '127.0.0.1');
