// Fastify 4: the 3D configurator backend of a furniture maker. A showroom is a list of saved designs (a sofa, a
// table...), each with its parts and the finish the customer typed in the designer's colour field: a hex code, a
// CSS colour name or an rgb()/hsl() string. /showrooms/:id/scene builds the showroom's three.js scene, one mesh
// and one material per part, for the viewer's bounding box and material list. One design, saved through the
// public designer, has a finish of "rgb(" and 16,000 spaces (CVE-2020-28496, three before 0.125.0).
'use strict';
const fastify = require('fastify')();
const THREE = require('three');

const FINISHES = ['#8b5a2b', 'rgb(210, 180, 140)', 'hsl(30, 40%, 35%)', 'darkslategray', '#f5f5dc', 'rgb(60,60,64)', 'peru'];
const PARTS = ['frame', 'seat', 'back', 'arm-left', 'arm-right', 'legs', 'cushion', 'piping'];
const designs = Array.from({ length: 60 }, (_, i) => ({
  id: `DSG-${41000 + i}`, customer: `C-${7700 + (i % 23)}`,
  parts: PARTS.map((name, p) => ({ name, size: [0.4 + (p % 3) * 0.6, 0.1 + (p % 4) * 0.2, 0.8], at: [(p % 4) * 0.5, (p % 2) * 0.4, 0], finish: FINISHES[(i + p) % FINISHES.length] })),
}));
designs[41].parts[6].finish = `rgb(${' '.repeat(16000)}`;
const showrooms = new Map([['SR-BER-01', designs]]);

function materialFor(part) {
  return new THREE.MeshStandardMaterial({ color: part.finish, roughness: 0.65, metalness: 0.05 });
}

function buildScene(list) {
  const scene = new THREE.Scene();
  list.forEach((design, i) => {
    const group = new THREE.Group();
    group.name = design.id;
    group.position.set((i % 10) * 3, 0, Math.floor(i / 10) * 3);
    for (const part of design.parts) {
      const mesh = new THREE.Mesh(new THREE.BoxGeometry(...part.size), materialFor(part));
      mesh.position.set(...part.at);
      mesh.name = part.name;
      group.add(mesh);
    }
    scene.add(group);
  });
  return scene;
}

fastify.get('/health', async () => 'ok');
fastify.get('/showrooms/:id/scene', async (req) => {
  const scene = buildScene(showrooms.get(req.params.id) || []);
  const box = new THREE.Box3().setFromObject(scene);
  const materials = new Set();
  scene.traverse((o) => { if (o.material) materials.add(`#${o.material.color.getHexString()}`); });
  return { showroom: req.params.id, designs: scene.children.length, box: { min: box.min.toArray(), max: box.max.toArray() }, materials: [...materials] };
});
fastify.listen({ port: Number(process.env.PORT) || 0, host: '127.0.0.1' });
