// Express 5: the LIMS API of a medicinal-chemistry lab. Two calls are slow. /compounds/series is the project board's
// series report: how many registered compounds fall in each of the project's five chemical series, each series
// defined by a substructure; it runs openchemlib's substructure matcher (SSSearcher) for each series against each
// of the 1,600 registered molecules in turn, with no fingerprint screen first. /samples/worklist is the liquid
// handler's worklist: every sample in the store, naturally ordered by project, plate and well (PL-7 before PL-12,
// A2 before A10) with natural-orderby, then paged. The registry's molecules and the samples are made at start-up, as
// the registration database would hand them over.
'use strict';
const express = require('express');
const OCL = require('openchemlib');
const { orderBy } = require('natural-orderby');

const left = ['', 'C', 'CC', 'OC', 'Cl', 'F', 'Br', 'N(C)C', 'C(F)(F)F', 'C#N', 'O', 'S(=O)(=O)N', 'c1ccccc1', 'C1CC1', 'OCC'];
const cores = ['c1ccc(cc1)C(=O)N', 'c1ccc(nc1)C(=O)N', 'c1cc(sc1)C(=O)N', 'c1ccc2c(c1)cccc2C(=O)N', 'c1ccc(cc1)S(=O)(=O)N'];
const right = ['C', 'CC', 'C1CCNCC1', 'C1CCOCC1', 'Cc1ccccc1', 'CCN1CCOCC1', 'C1CCCCC1', 'CC(C)C', 'Cc1ccncc1', 'CCO', 'c1ccc(F)cc1', 'CCN(C)C', 'C1CCN(C)CC1', 'Cc1ccco1', 'C1CCN(CC1)C(=O)C', 'CC1CCCN1', 'C1CC(O)CC1', 'Cc1cccs1', 'CCS(=O)(=O)C', 'C1COCCN1C'];
const compounds = [];
for (const a of left) for (const core of cores) for (const b of right) for (const tail of ['', 'C', 'O', 'F']) {
  if (compounds.length === 1600) break;
  const smiles = `${a}${core}${b}${tail}`;
  compounds.push({ id: `MC-${100000 + compounds.length}`, smiles, molecule: OCL.Molecule.fromSmiles(smiles) });
}

const rows = 'ABCDEFGH';
const samples = Array.from({ length: 12000 }, (_, i) => ({
  id: `S-25-${(i * 104729) % 99991}`, project: `PRJ-${(i * 13) % 37}`, plate: `PL-${(i * 7919) % 400}`, well: `${rows[i % 8]}${1 + ((i * 31) % 12)}`,
  compound: compounds[(i * 17) % compounds.length].id, volumeUl: (i % 250) / 10, status: ['queued', 'plated', 'assayed'][i % 3],
}));

const series = [
  { id: 'S1', name: 'piperidinyl amides', smiles: 'O=CNC1CCNCC1' },
  { id: 'S2', name: 'picolinamides', smiles: 'O=C(N)c1ccccn1' },
  { id: 'S3', name: 'benzyl amides', smiles: 'O=CNCc1ccccc1' },
  { id: 'S4', name: 'aryl sulfonamides', smiles: 'O=S(=O)(N)c1ccccc1' },
  { id: 'S5', name: 'thiophene carboxamides', smiles: 'O=C(N)c1cccs1' },
];

function membersOf(substructure) {
  const fragment = OCL.Molecule.fromSmiles(substructure);
  fragment.setFragment(true);
  const searcher = new OCL.SSSearcher();
  searcher.setFragment(fragment);
  const members = [];
  for (const c of compounds) {
    searcher.setMolecule(c.molecule);
    if (searcher.isFragmentInMolecule()) members.push(c);
  }
  return members;
}

const app = express();
app.get('/health', (req, res) => res.send('ok'));
app.get('/compounds/series', (req, res) => {
  const report = series.map((s) => {
    const members = membersOf(s.smiles);
    return { id: s.id, name: s.name, substructure: s.smiles, compounds: members.length, latest: members.slice(-5).map((c) => c.id) };
  });
  res.json({ project: 'PRJ-KIN-07', registered: compounds.length, series: report });
});
app.get('/samples/worklist', (req, res) => {
  const page = Number(req.query.page) || 1;
  const ordered = orderBy(samples, [(s) => s.project, (s) => s.plate, (s) => s.well], ['asc', 'asc', 'asc']);
  res.json({ total: ordered.length, page, samples: ordered.slice((page - 1) * 96, page * 96) });
});
app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
