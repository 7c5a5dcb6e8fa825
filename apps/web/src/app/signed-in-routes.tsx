import type { RouteObject } from 'react-router';
import { RequireAccess } from './require-access';

/*
 * The signed-in part of the route table: its own chunk, added to the router by `discoverRoutes`
 * (./routes) the first time a path outside the public pages is opened. A public page's first load
 * carries neither these routes nor the module-preload list of their chunks.
 */

/** Master-data pages (`/settings/documents`, ...): one lazy route reads the type from the path. */
const masterDataRoute: RouteObject = {
  path: ':masterRoute',
  lazy: async () => ({ Component: (await import('./pages/master-data-route')).MasterDataRoute }),
};

/** Property master data: the same pages under `/properties/...` and `/settings/...`. */
const propertyMasterRoutes: RouteObject[] = [
  { path: 'types', lazy: async () => ({ Component: (await import('../features/properties/master-data-pages')).PropertyTypesPage }) },
  { path: 'attributes', lazy: async () => ({ Component: (await import('../features/properties/master-data-pages')).PropertyAttributesPage }) },
  { path: 'areas', lazy: async () => ({ Component: (await import('../features/properties/master-data-pages')).PropertyAreasPage }) },
];

/** Every page is lazy-loaded (the route's own chunk and its dependencies load on navigation). */
export const signedInRoutes: RouteObject[] = [
  {
    path: 'myaccount',
    element: <RequireAccess area="myaccount" />,
    children: [{ index: true, lazy: async () => ({ Component: (await import('../features/profile/my-account-page')).MyAccountPage }) }],
  },
  {
    path: 'alerts',
    element: <RequireAccess area="alerts" />,
    children: [{ index: true, lazy: async () => ({ Component: (await import('../features/alerts/alerts-page')).AlertsPage }) }],
  },
  {
    path: 'settings',
    element: <RequireAccess area="settings" />,
    children: [
      { index: true, lazy: async () => ({ Component: (await import('../features/settings/settings-page')).SettingsPage }) },
      {
        path: 'accounts',
        element: <RequireAccess rule="admin:Settings" />,
        children: [{ index: true, lazy: async () => ({ Component: (await import('../features/accounts/accounts-page')).AccountsPage }) }],
      },
      {
        path: 'logo',
        element: <RequireAccess rule="admin:Settings" />,
        children: [{ index: true, lazy: async () => ({ Component: (await import('../features/airports/airport-logo-page')).AirportLogoPage }) }],
      },
      // The deployment's airports: the page itself admits authority administrators only.
      { path: 'airports', lazy: async () => ({ Component: (await import('../features/airports/airports-page')).AirportsPage }) },
      {
        // Bring an airport's data in from spreadsheets (issue 23): Settings admins, like the API.
        path: 'import',
        element: <RequireAccess rule="admin:Settings" />,
        children: [{ index: true, lazy: async () => ({ Component: (await import('../features/imports/imports-page')).ImportsPage }) }],
      },
      { path: 'tiedownRates', lazy: async () => ({ Component: (await import('../features/tiedowns/tiedown-rates-page')).TiedownRatesPage }) },
      {
        path: 'factsheet',
        element: <RequireAccess rule="admin:Settings" />,
        children: [{ index: true, lazy: async () => ({ Component: (await import('../features/waitlist/fact-sheet-page')).FactSheetPage }) }],
      },
      { path: 'workorder', lazy: async () => ({ Component: (await import('../features/workorders/master-workorders-page')).MasterWorkordersPage }) },
      { path: 'inspection', lazy: async () => ({ Component: (await import('../features/inspections/master-inspections-settings-page')).MasterInspectionsSettingsPage }) },
      { path: 'asset', lazy: async () => ({ Component: (await import('../features/assets/master-assets-page')).MasterAssetsPage }) },
      {
        // Notifications Sent: the outbox, for Settings admins (the spec's `templates` sub-route).
        path: 'templates',
        element: <RequireAccess rule="admin:Settings" />,
        children: [{ index: true, lazy: async () => ({ Component: (await import('../features/notifications/notifications-sent-page')).NotificationsSentPage }) }],
      },
      masterDataRoute,
      ...propertyMasterRoutes,
    ],
  },
  {
    path: 'waitList',
    element: <RequireAccess area="waitlist" />,
    children: [
      { index: true, lazy: async () => ({ Component: (await import('../features/waitlist/waitlist-types-page')).WaitlistTypesPage }) },
      { path: 'type/:id', lazy: async () => ({ Component: (await import('../features/waitlist/waitlist-type-page')).WaitlistTypePage }) },
      { path: ':id', lazy: async () => ({ Component: (await import('../features/waitlist/applicant-page')).ApplicantPage }) },
    ],
  },
  {
    path: 'properties',
    element: <RequireAccess area="properties" />,
    children: [
      { index: true, lazy: async () => ({ Component: (await import('../features/properties/properties-home-page')).PropertiesHomePage }) },
      { path: 'listings', lazy: async () => ({ Component: (await import('./pages/property-grid-route')).PropertyGridRoute }) },
      { path: 'listings/add', lazy: async () => ({ Component: (await import('../features/properties/property-page')).PropertyPage }) },
      { path: 'listings/:id', lazy: async () => ({ Component: (await import('../features/properties/property-page')).PropertyPage }) },
      ...propertyMasterRoutes,
    ],
  },
  {
    // Staff with Company see every owner; a company user is sent to their own company.
    path: 'companies',
    element: <RequireAccess area="owners" />,
    children: [
      { index: true, lazy: async () => ({ Component: (await import('../features/companies/companies-page')).CompaniesPage }) },
      {
        path: 'add',
        element: <RequireAccess rule="admin:Company" />,
        children: [{ index: true, lazy: async () => ({ Component: (await import('../features/companies/company-page')).CompanyPage }) }],
      },
      { path: ':id', lazy: async () => ({ Component: (await import('../features/companies/company-page')).CompanyPage }) },
      { path: ':id/agreements', lazy: async () => ({ Component: (await import('../features/agreements/company-agreements-page')).CompanyAgreementsPage }) },
      { path: ':id/invoices', lazy: async () => ({ Component: (await import('../features/invoices/invoices-page')).CompanyInvoicesPage }) },
      { path: ':id/balances', lazy: async () => ({ Component: (await import('../features/balances/balances-page')).BalancesPage }) },
    ],
  },
  {
    // Lease, Company and Property staff and company users read agreements; the server scopes them.
    // The grid is the menu's area; one agreement is opened from owners and properties too.
    path: 'agreements',
    element: <RequireAccess rule="signedIn" />,
    children: [
      {
        element: <RequireAccess area="agreements" />,
        children: [{ index: true, lazy: async () => ({ Component: (await import('../features/agreements/agreements-page')).AgreementsPage }) }],
      },
      {
        path: 'add',
        element: <RequireAccess rule="admin:Lease" />,
        children: [{ index: true, lazy: async () => ({ Component: (await import('../features/agreements/agreement-page')).AgreementPage }) }],
      },
      { path: ':id', lazy: async () => ({ Component: (await import('./pages/agreement-route')).AgreementRoute }) },
    ],
  },
  {
    // Invoices staff see every invoice; a company user their own (the server scopes them).
    // The grid is the menu's area; one invoice is opened from an owner's invoices too.
    path: 'invoices',
    element: <RequireAccess rule="signedIn" />,
    children: [
      {
        element: <RequireAccess area="invoices" />,
        children: [{ index: true, lazy: async () => ({ Component: (await import('../features/invoices/invoices-page')).InvoicesPage }) }],
      },
      { path: ':id', lazy: async () => ({ Component: (await import('./pages/invoice-route')).InvoiceRoute }) },
    ],
  },
  {
    // Staff see every work order; contractors (by e-mail) their own: the server scopes them.
    path: 'workorder',
    element: <RequireAccess area="workorders" />,
    children: [
      { index: true, lazy: async () => ({ Component: (await import('../features/workorders/workorders-page')).WorkordersPage }) },
      { path: 'WorkorderList/:id', lazy: async () => ({ Component: (await import('../features/workorders/workorder-list-page')).WorkorderListPage }) },
      { path: 'view/:id', lazy: async () => ({ Component: (await import('../features/workorders/workorder-view-page')).WorkorderViewPage }) },
    ],
  },
  {
    // Staff see every master and inspection; an inspector (any other account) their own.
    path: 'inspection',
    element: <RequireAccess area="inspections" />,
    children: [
      { index: true, lazy: async () => ({ Component: (await import('../features/inspections/inspections-home-page')).InspectionsHomePage }) },
      { path: 'view/:id', lazy: async () => ({ Component: (await import('./pages/inspection-view-route')).InspectionViewRoute }) },
      { path: 'my/:id', lazy: async () => ({ Component: (await import('../features/inspections/inspection-form-page')).MyInspectionPage }) },
      {
        element: <RequireAccess rule="internal" />,
        children: [
          { path: 'inspectionList/:id', lazy: async () => ({ Component: (await import('../features/inspections/inspection-list-page')).InspectionListPage }) },
          { path: 'fill/:id', lazy: async () => ({ Component: (await import('../features/inspections/inspection-form-page')).FillInspectionPage }) },
        ],
      },
    ],
  },
  {
    // The asset register: internal users (the server answers 403 to anyone else).
    path: 'asset',
    element: <RequireAccess area="assets" />,
    children: [
      { index: true, lazy: async () => ({ Component: (await import('../features/assets/assets-page')).AssetsPage }) },
      { path: 'assetList/:id', lazy: async () => ({ Component: (await import('../features/assets/asset-list-page')).AssetListPage }) },
    ],
  },
  {
    path: 'receipts/:id',
    element: <RequireAccess rule="signedIn" />,
    children: [{ index: true, lazy: async () => ({ Component: (await import('../features/payments/receipt-page')).ReceiptPage }) }],
  },
  {
    // Staff of the wait list send calendar invites and see those sent.
    path: 'appointment',
    element: <RequireAccess area="appointments" />,
    children: [{ index: true, lazy: async () => ({ Component: (await import('../features/appointments/appointments-page')).AppointmentsPage }) }],
  },
  {
    // Staff with Waitlist, or the applicant signed in with their e-mail: the server decides (403/404 otherwise).
    path: 'chat/:id',
    element: <RequireAccess rule="signedIn" />,
    children: [{ index: true, lazy: async () => ({ Component: (await import('../features/chat/chat-page')).ChatPage }) }],
  },
  {
    // Reports staff see every company; a company user the same reports over their own (the server scopes them).
    path: 'reports',
    element: <RequireAccess area="reports" />,
    children: [{ index: true, lazy: async () => ({ Component: (await import('../features/reports/reports-page')).ReportsPage }) }],
  },
  {
    path: 'interactive',
    element: <RequireAccess area="reports" />,
    children: [{ index: true, lazy: async () => ({ Component: (await import('../features/reports/reports-page')).ReportsPage }) }],
  },
  {
    // The parking form (`/tiedown/create`) is public, in ./routes; the list and a request need a
    // session: the server scopes them (Tiedown staff all, anyone else their own).
    path: 'tiedown',
    element: <RequireAccess rule="signedIn" />,
    children: [
      { index: true, lazy: async () => ({ Component: (await import('../features/tiedowns/tiedowns-page')).TiedownsPage }) },
      { path: ':id', lazy: async () => ({ Component: (await import('../features/tiedowns/tiedown-page')).TiedownPage }) },
    ],
  },
];
