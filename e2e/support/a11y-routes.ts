import { MASTER_TYPE_NAMES, MASTER_TYPES } from '@apron/core/settings';

/*
 * The accessibility run's plan: every page of the web app's route table (apps/web/src/app
 * routes.tsx and signed-in-routes.tsx), who opens it, and which demo record fills its parameters.
 * apps/web/src/app/route-patterns.test.ts fails when a route is added to the table and not here
 * (or listed here and gone from the table), so the run keeps covering every page.
 */

/** Who opens a page in the run: an anonymous visitor, the internal administrator, a tenant user. */
export type TA11yVisitor = 'anonymous' | 'admin' | 'tenant';

/** The demo's records as the visitor's own session reads them through the API. */
export interface TDemoRecords {
  /** The `_id` of the first row a list answers (`/api/Invoices?pageSize=1`). */
  firstId(listPath: string): Promise<string>;
  get<T>(path: string): Promise<T>;
  post<T>(path: string): Promise<T>;
}

export interface TA11yRoute {
  /** The visitors whose loop opens the page ([] when `checkedBy` or `sameAs` says where it is checked). */
  visitors: readonly TA11yVisitor[];
  /** The addresses to open for a pattern with parameters: real demo records. */
  open?: (records: TDemoRecords) => Promise<string | readonly string[]>;
  /** A journey that reaches the page the way a person does (an e-mailed link) and runs axe there. */
  checkedBy?: string;
  /** The same page component and data under another address, opened there instead. */
  sameAs?: string;
}

const EVERYONE: readonly TA11yVisitor[] = ['anonymous', 'admin', 'tenant'];
const SIGNED_IN: readonly TA11yVisitor[] = ['admin', 'tenant'];
const ADMIN: readonly TA11yVisitor[] = ['admin'];

const company = (records: TDemoRecords) => records.firstId('/api/Company?pageSize=1');
const invoice = (records: TDemoRecords) => records.firstId('/api/Invoices?pageSize=1');
const waitlistType = (records: TDemoRecords) => records.firstId('/api/WaitList');
const applicant = async (records: TDemoRecords) => records.firstId(`/api/WaitList/Type/${await waitlistType(records)}?pageSize=1`);
const masterInspection = (records: TDemoRecords) => records.firstId('/api/MasterInspection');

/** An inspection of the first master inspection that has one. */
async function inspection(records: TDemoRecords): Promise<string> {
  for (const master of await records.get<{ _id: string }[]>('/api/MasterInspection')) {
    const [first] = await records.get<{ _id: string }[]>(`/api/Inspection/GetInspections?inspectionId=${master._id}&pageSize=1`);
    if (first) return first._id;
  }
  throw new Error('no inspection in the demo data');
}

interface TInvoiceLines {
  lineItems: { receiptId: string | null; isPaid: boolean }[];
}

/** A card or cash receipt of the visitor's paid invoices (a line paid by balance has none). */
async function receipt(records: TDemoRecords): Promise<string> {
  const paid = await records.get<{ _id: string }[]>('/api/Invoices?status=Paid&pageSize=20');
  for (const row of paid) {
    const detail = await records.get<TInvoiceLines>(`/api/Invoices/${row._id}`);
    const line = detail.lineItems.find((candidate) => candidate.isPaid && candidate.receiptId && candidate.receiptId !== 'PAID BY BALANCE');
    if (line?.receiptId) return line.receiptId;
  }
  throw new Error('no paid invoice with a receipt in the demo data');
}

export const A11Y_ROUTES: Readonly<Record<string, TA11yRoute>> = {
  // Public pages.
  '/': { visitors: EVERYONE },
  '/signin': { visitors: ['anonymous'] },
  // The sign-in callback with a code the server refuses (an old e-mailed or bookmarked link).
  '/signin/:code': { visitors: ['anonymous'], open: async () => '/signin/expired-code' },
  '/listings': { visitors: ['anonymous', 'tenant'] },
  '/tiedown/create': { visitors: ['anonymous'] },
  '/payment/:token': {
    visitors: ADMIN,
    open: async (records) => `/payment/${(await records.post<{ token: string }>(`/api/Invoices/PayLink/${await records.firstId('/api/Invoices?status=Created&pageSize=1')}`)).token}`,
  },
  '/waitList/status/:token': { visitors: [], checkedBy: 'anonymous/waitlist-join.spec.ts (the link of the confirmation e-mail)' },

  // Signed-in pages.
  '/myaccount': { visitors: SIGNED_IN },
  '/alerts': { visitors: SIGNED_IN },
  '/settings': { visitors: ADMIN },
  '/settings/accounts': { visitors: ADMIN },
  '/settings/airports': { visitors: ADMIN },
  '/settings/tiedownRates': { visitors: ADMIN },
  '/settings/factsheet': { visitors: ADMIN },
  '/settings/workorder': { visitors: ADMIN },
  '/settings/inspection': { visitors: ADMIN },
  '/settings/asset': { visitors: ADMIN },
  '/settings/templates': { visitors: ADMIN },
  '/settings/import': { visitors: ADMIN },
  '/settings/logo': { visitors: ADMIN },
  // One page component for every master data type: the first type's list.
  '/settings/:masterRoute': { visitors: ADMIN, open: async () => `/settings/${MASTER_TYPES[MASTER_TYPE_NAMES[0]!].route}` },
  '/settings/types': { visitors: [], sameAs: '/properties/types' },
  '/settings/attributes': { visitors: [], sameAs: '/properties/attributes' },
  '/settings/areas': { visitors: [], sameAs: '/properties/areas' },
  '/waitList': { visitors: ADMIN },
  '/waitList/type/:id': { visitors: ADMIN, open: async (records) => `/waitList/type/${await waitlistType(records)}` },
  '/waitList/:id': { visitors: ADMIN, open: async (records) => `/waitList/${await applicant(records)}` },
  '/properties': { visitors: ADMIN },
  '/properties/listings': { visitors: ADMIN },
  '/properties/listings/add': { visitors: ADMIN },
  '/properties/listings/:id': { visitors: ADMIN, open: async (records) => `/properties/listings/${await records.firstId('/api/Property/Grid?pageSize=1')}` },
  '/properties/types': { visitors: ADMIN },
  '/properties/attributes': { visitors: ADMIN },
  '/properties/areas': { visitors: ADMIN },
  '/companies': { visitors: SIGNED_IN },
  '/companies/add': { visitors: ADMIN },
  '/companies/:id': { visitors: SIGNED_IN, open: async (records) => `/companies/${await company(records)}` },
  '/companies/:id/agreements': { visitors: SIGNED_IN, open: async (records) => `/companies/${await company(records)}/agreements` },
  '/companies/:id/invoices': { visitors: SIGNED_IN, open: async (records) => `/companies/${await company(records)}/invoices` },
  '/companies/:id/balances': { visitors: SIGNED_IN, open: async (records) => `/companies/${await company(records)}/balances` },
  '/agreements': { visitors: SIGNED_IN },
  '/agreements/add': { visitors: ADMIN },
  '/agreements/:id': { visitors: SIGNED_IN, open: async (records) => `/agreements/${await records.firstId('/api/Agreements?pageSize=1')}` },
  '/invoices': { visitors: SIGNED_IN },
  '/invoices/:id': { visitors: SIGNED_IN, open: async (records) => `/invoices/${await invoice(records)}` },
  // The billing run previewed (issue 24): Invoices staff; the demo's first invoice cycle.
  '/invoices/cycles': { visitors: ADMIN },
  '/invoices/cycles/:cycleId/preview': { visitors: ADMIN, open: async (records) => `/invoices/cycles/${await records.firstId('/api/InvoiceCycles')}/preview` },
  '/workorder': { visitors: SIGNED_IN },
  '/workorder/WorkorderList/:id': { visitors: ADMIN, open: async (records) => `/workorder/WorkorderList/${await records.firstId('/api/MasterWorkorder')}` },
  '/workorder/view/:id': { visitors: ADMIN, open: async (records) => `/workorder/view/${await records.firstId('/api/Workorder/GetWorkorders?pageSize=1')}` },
  '/inspection': { visitors: SIGNED_IN },
  '/inspection/view/:id': { visitors: ADMIN, open: async (records) => `/inspection/view/${await inspection(records)}` },
  '/inspection/my/:id': { visitors: ADMIN, open: async (records) => `/inspection/my/${await inspection(records)}` },
  '/inspection/inspectionList/:id': { visitors: ADMIN, open: async (records) => `/inspection/inspectionList/${await masterInspection(records)}` },
  '/inspection/fill/:id': { visitors: ADMIN, open: async (records) => `/inspection/fill/${await inspection(records)}` },
  '/asset': { visitors: ADMIN },
  '/asset/assetList/:id': { visitors: ADMIN, open: async (records) => `/asset/assetList/${await records.firstId('/api/Assets/Masters')}` },
  '/receipts/:id': { visitors: SIGNED_IN, open: async (records) => `/receipts/${await receipt(records)}` },
  '/appointment': { visitors: ADMIN },
  '/chat/:id': { visitors: ADMIN, open: async (records) => `/chat/${await applicant(records)}` },
  // The GASB 87 reports are views of the same page (Reports staff; a tenant is shown Monthly Billing instead).
  '/reports': {
    visitors: SIGNED_IN,
    open: async () => ['/reports', '/reports?report=gasb87-roll-forward', '/reports?report=gasb87-maturity', '/reports?report=gasb87-journal-entries'],
  },
  '/interactive': { visitors: [], sameAs: '/reports' },
  '/tiedown': { visitors: SIGNED_IN },
  '/tiedown/:id': { visitors: ADMIN, open: async (records) => `/tiedown/${await records.firstId('/api/Invoices/List/TieDowns?pageSize=1')}` },
};

/** The addresses a visitor's loop opens, in the table's order, parameters filled from the demo. */
export async function a11yAddressesFor(visitor: TA11yVisitor, records: TDemoRecords): Promise<string[]> {
  const addresses: string[] = [];
  for (const [pattern, route] of Object.entries(A11Y_ROUTES)) {
    if (!route.visitors.includes(visitor)) continue;
    const opened = route.open ? await route.open(records) : pattern;
    addresses.push(...(typeof opened === 'string' ? [opened] : opened));
  }
  return addresses;
}
