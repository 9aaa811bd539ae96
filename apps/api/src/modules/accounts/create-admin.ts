// `npm run create-admin`: creates a staff account. Filled in by the accounts work.
console.log('create-admin: not implemented yet');
