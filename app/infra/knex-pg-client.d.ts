// knex's PostgreSQL client class, which knex does not type: the app extends
// it (prepared-statements.server.ts) and types what it uses there.
declare module 'knex/lib/dialects/postgres/index.js' {
  const ClientPg: unknown
  export default ClientPg
}
