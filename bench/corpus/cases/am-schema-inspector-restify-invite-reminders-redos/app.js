// Restify 11: a team-workspace service sends reminder emails for pending invitations. Before the reminder
// batch goes to the mailer, each pending invitation is checked against the invitation schema with
// schema-inspector 1.7.0 (pattern 'email'). One invitation was created through the public invite API with a
// crafted address, "a@0.0.0. ... 0." (24 labels): the email regex's nested domain groups backtrack
// exponentially on it (SNYK-JS-SCHEMAINSPECTOR-1088010, fixed in 2.0.0).
'use strict';
const restify = require('restify');
const inspector = require('schema-inspector');

const invitationSchema = {
  type: 'object',
  properties: {
    id: { type: 'string', minLength: 6 },
    email: { type: 'string', pattern: 'email', maxLength: 254 },
    role: { type: 'string', eq: ['member', 'admin', 'guest'] },
    invitedBy: { type: 'string', minLength: 1 },
    sentAt: { type: 'string', pattern: 'date-time' },
  },
};
const pending = Array.from({ length: 60 }, (_, i) => ({ id: `inv_${7000 + i}`, email: `guest${i}@partner-${i % 7}.example.com`,
  role: ['member', 'guest'][i % 2], invitedBy: `u_${100 + (i % 5)}`, sentAt: new Date(Date.UTC(2025, 1, 1 + (i % 20))).toISOString() }));
pending[41].email = 'a@' + '0.'.repeat(24);

const server = restify.createServer({ name: 'workspace-invites' });
server.use(restify.plugins.acceptParser(server.acceptable));
server.use(restify.plugins.queryParser());
server.use(restify.plugins.gzipResponse());
server.get('/health', (req, res, next) => { res.send(200, { ok: true }); next(); });
server.get('/x', (req, res, next) => {
  const batch = [];
  const rejected = [];
  for (const invitation of pending) {
    const result = inspector.validate(invitationSchema, invitation);
    (result.valid ? batch : rejected).push(invitation.id);
  }
  res.send(200, { workspace: req.query.workspace || 'w_12', reminders: batch.length, rejected });
  next();
});

server.listen(Number(process.env.PORT) || 0, '127.0.0.1');
