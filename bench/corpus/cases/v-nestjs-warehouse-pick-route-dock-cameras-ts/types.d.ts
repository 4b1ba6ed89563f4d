// the two packages ship no type declarations: the service declares what it uses
declare module 'pixelmatch' {
  function pixelmatch(img1: Uint8Array, img2: Uint8Array, output: Uint8Array | null, width: number, height: number, options?: { threshold?: number; includeAA?: boolean }): number;
  export = pixelmatch;
}
declare module 'dijkstrajs' {
  export function find_path(graph: Record<string, Record<string, number>>, source: string, target: string): string[];
}
