// `npm run seed -- --books N`: a large synthetic catalogue for benchmarks. Filled in by the catalogue work.
console.log('seed: not implemented yet');
