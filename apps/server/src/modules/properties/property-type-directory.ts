import { QueryBuilder } from 'drizzle-orm/pg-core';
import { propertyTypes } from './properties.table';

/**
 * Every property type's id and name, for another module's list to join into its own statement
 * (the wait list's types page counts applicants per type in one aggregate query and its grid
 * shows the type's name). A read-only projection, like companies' `companyDirectory`: the table
 * object stays this module's own (docs/adr/0004).
 */
// The app's databases name columns in snake_case (db/client.ts); built here, so said here too.
export const propertyTypeDirectory = new QueryBuilder({ casing: 'snake_case' })
  .select({ id: propertyTypes.id, name: propertyTypes.name })
  .from(propertyTypes)
  .as('property_type_directory');
