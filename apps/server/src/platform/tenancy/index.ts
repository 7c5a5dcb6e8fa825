/**
 * Airports: the tenancy of the deployment (docs/adr/0007-airports.md). Business tables carry
 * `airport_id` and PostgreSQL's row-level security keeps each airport's rows to itself; this
 * platform service names the airport of the work running now.
 */
export { asSystem, currentAirportScope, withAirport, type AirportScope } from './airport-context';
export { airportColumn } from './airport-column';
export { FIRST_AIRPORT_ID, type AirportRow } from './airports.table';
export { airportsOfAccount, currentAirportValueSql, findAirport, insertAirport, listAirports, updateAirport, updateCurrentAirport, type NewAirport } from './airports.repo';
export { AIRPORT_PROVISIONERS, type AirportProvisioner } from './provisioning';
export { accountsWithOtherCompanies, companyLinksOf, linkCompanyAtCurrentAirport, type CompanyLink } from './account-companies';
export { recordWorkAtCurrentAirport, workplaceOf, type Work, type Workplace } from './workplace';
export { airportPublicUrl, publicUrlOf } from './public-url';
export { airportLogoKey, currentAirportLetterhead, currentAirportLogoUrl, logoUrlOf, logoVersionOf, readLogo, type Letterhead } from './airport-logo';
