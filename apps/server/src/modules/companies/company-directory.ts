import { QueryBuilder } from 'drizzle-orm/pg-core';
import { companies } from './companies.table';

/**
 * Every company's id, name and e-mail, for another module's list to join into its own statement
 * (`innerJoin(companyDirectory, eq(companyDirectory.id, invoices.companyId))`) and show, filter
 * or sort by the name (docs/adr/0004). A read-only projection: the table object stays this
 * module's own, so nothing outside can write a company.
 *
 * A join rather than a name subquery per row (`propertyNameSql`-style) because the grids sort by
 * the name: PostgreSQL flattens this subquery into a plain join, so sorting by
 * `lower(companyDirectory.name)` still walks `companies_name_idx` and stops at the page, where a
 * correlated subquery in ORDER BY reads and sorts every row (docs/benchmarks.md, "Grids at scale").
 */
// The app's databases name columns in snake_case (db/client.ts); built here, so said here too.
export const companyDirectory = new QueryBuilder({ casing: 'snake_case' })
  .select({ id: companies.id, name: companies.name, email: companies.email })
  .from(companies)
  .as('company_directory');
