// Packages without type declarations of their own.
declare module 'autocannon';
declare module 'blocked-at';
