// Fastify 5 in TypeScript, bundled with tsup (esbuild underneath, CommonJS, with a source map): a CRM's
// contact import. The upload is parsed client-side and sent as JSON rows; /x checks the latest upload's
// 1,000 rows with the yup schema the team shares with its React forms (validateSync, abortEarly: false, so
// every bad field of every row is listed) before they are queued. The upload is made at start-up.
import Fastify from 'fastify';
import * as yup from 'yup';

const contactSchema = yup.object({
  firstName: yup.string().trim().required().max(80),
  lastName: yup.string().trim().required().max(80),
  email: yup.string().trim().lowercase().email().required(),
  phone: yup.string().matches(/^\+?[0-9 ()-]{7,20}$/, { excludeEmptyString: true }),
  company: yup.string().max(120),
  country: yup.string().oneOf(['DE', 'AT', 'CH', 'FR', 'NL', 'GB', 'US']).required(),
  consent: yup.boolean().required(),
  tags: yup.array(yup.string().max(24)).max(10),
  score: yup.number().integer().min(0).max(100).default(0),
  birthday: yup.date().max(new Date('2010-01-01')).nullable(),
  address: yup.object({ street: yup.string().required(), zip: yup.string().matches(/^[0-9A-Z -]{4,10}$/).required(), city: yup.string().required() }),
});
type Contact = yup.InferType<typeof contactSchema>;

const countries = ['DE', 'AT', 'CH', 'FR', 'NL', 'GB', 'US', 'ES'];
const upload: Record<string, unknown>[] = Array.from({ length: 1000 }, (_, i) => ({
  firstName: ` Alex${i} `, lastName: `Miller-${i}`, email: i % 97 === 0 ? `alex${i}.mail.example` : `Alex.${i}@Mail.Example`,
  phone: `+49 30 ${1000000 + i}`, company: `Company ${i % 250} GmbH`, country: countries[i % countries.length], consent: i % 3 !== 0,
  tags: ['import', `batch-${i % 12}`], score: String(i % 120), birthday: `19${60 + (i % 40)}-0${1 + (i % 9)}-1${i % 9}`,
  address: { street: `Hauptstr. ${i % 200}`, zip: String(10000 + (i * 7) % 89999), city: 'Berlin' },
}));

const app = Fastify();
app.get('/health', async () => 'ok');
app.get('/x', async () => {
  const valid: Contact[] = [];
  const errors: { row: number; messages: string[] }[] = [];
  upload.forEach((row, i) => {
    try {
      valid.push(contactSchema.validateSync(row, { abortEarly: false, stripUnknown: true }));
    } catch (err) {
      errors.push({ row: i + 1, messages: (err as yup.ValidationError).errors });
    }
  });
  return { accepted: valid.length, rejected: errors.length, errors: errors.slice(0, 20) };
});
app.listen({ port: Number(process.env.PORT) || 0, host: '127.0.0.1' });
