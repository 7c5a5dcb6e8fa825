import { useEffect, useId, useMemo, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useSearchParams } from 'react-router';
import type { TListingAttribute } from '@apron/core/properties/listings';
import { LISTING_PAGE_SIZES, LISTINGS_COUNT_CAP } from '@apron/core/properties/listing-constants';
import type { TMapMarker } from '../../components/map-view';
import { useListingAttributes, useListings, useListingTypes } from './listings-api';
import { ListingCard, formatRent } from './listing-card';
import { ListingsMap } from './listings-map';
import { ListingsPager } from './listings-pager';
import { readListingsState, writeListingsState, type TListingsState } from './listings-url';

const BUILT_IN_SORTS = [
  { value: 'rent', label: 'Rent' },
  { value: 'name', label: 'Name' },
  { value: 'availability', label: 'Availability' },
  { value: 'type', label: 'Property Type' },
] as const;

/** The outlined field's arrow, drawn in CSS (MUI's inputs would be a 7 KB file on this public page). */
const SELECT_ARROW = `url("data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 24'%3E%3Cpath fill='%23000000' fill-opacity='0.54' d='M7 10l5 5 5-5z'/%3E%3C/svg%3E")`;

/** A native select that looks like MUI's small outlined field with its label on the border. */
function Select(props: { label: string; value: string; onChange: (value: string) => void; options: readonly { value: string; label: string }[]; emptyLabel?: string }) {
  const { label, value, onChange, options, emptyLabel } = props;
  const id = useId();
  return (
    <Box sx={{ position: 'relative', minWidth: 150, pt: 0.75 }}>
      <Box
        component="label"
        htmlFor={id}
        sx={{ position: 'absolute', top: 0, left: 9, px: 0.5, typography: 'caption', lineHeight: 1.2, color: 'text.secondary', bgcolor: 'background.default', pointerEvents: 'none' }}
      >
        {label}
      </Box>
      <Box
        component="select"
        id={id}
        value={value}
        onChange={(event: { target: { value: string } }) => onChange(event.target.value)}
        sx={{
          width: '100%',
          height: 40,
          pl: 1.75,
          pr: 4,
          font: 'inherit',
          color: 'text.primary',
          bgcolor: 'transparent',
          border: '1px solid rgba(0, 0, 0, 0.23)',
          borderRadius: 1,
          appearance: 'none',
          cursor: 'pointer',
          backgroundImage: SELECT_ARROW,
          backgroundRepeat: 'no-repeat',
          backgroundPosition: 'right 7px center',
          backgroundSize: 24,
          '&:hover': { borderColor: 'text.primary' },
          '&:focus-visible': { outline: 'none', borderColor: 'primary.main', boxShadow: (theme) => `inset 0 0 0 1px ${theme.palette.primary.main}` },
        }}
      >
        {emptyLabel !== undefined && <option value="">{emptyLabel}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </Box>
    </Box>
  );
}

type TListingsPatch = Partial<TListingsState> | ((current: TListingsState) => Partial<TListingsState>);

function Filters({ state, update, attributes }: { state: TListingsState; update: (patch: TListingsPatch) => void; attributes: readonly TListingAttribute[] }) {
  const types = useListingTypes();
  const sortOptions = [
    ...BUILT_IN_SORTS,
    ...attributes.filter((a) => a.allowSorting).map((a) => ({ value: `attr.${a._id}`, label: a.name })),
  ];
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 2 }} role="group" aria-label="Filter and sort">
      <Select
        label="Property Type"
        value={state.type}
        emptyLabel="All types"
        options={(types.data ?? []).map((t) => ({ value: t._id, label: t.name }))}
        onChange={(type) => update({ type, page: 1 })}
      />
      {attributes
        .filter((a) => a.allowFiltering)
        .map((attribute) => (
          <Select
            key={attribute._id}
            label={attribute.name}
            value={state.attributes[attribute._id] ?? ''}
            emptyLabel="Any"
            options={attribute.values.map((v) => ({ value: v, label: v }))}
            onChange={(value) => update((current) => ({ attributes: { ...current.attributes, [attribute._id]: value }, page: 1 }))}
          />
        ))}
      <Select label="Sort by" value={state.sortKey} options={sortOptions} onChange={(sortKey) => update({ sortKey, page: 1 })} />
      <Select
        label="Order"
        value={state.direction}
        options={[
          { value: 'asc', label: 'Ascending' },
          { value: 'desc', label: 'Descending' },
        ]}
        onChange={(direction) => update({ direction: direction === 'desc' ? 'desc' : 'asc', page: 1 })}
      />
    </Box>
  );
}

/**
 * `/listings`, public: map on the left, list on the right (stacked on a phone). Everything the
 * visitor chooses is in the URL, so the link is shareable. Imports no staff code.
 */
export function ListingsPage({ actions }: { actions?: ReactNode } = {}) {
  const [params, setParams] = useSearchParams();
  // The state is read from the URL once and written back on every change. Updates are functional:
  // a second choice made before the router re-renders must not undo the first.
  const [state, setState] = useState(() => readListingsState(params));
  // A navigation from elsewhere (a link to `/listings?type=...`) replaces the state.
  const search = params.toString();
  const [seenSearch, setSeenSearch] = useState(search);
  if (search !== seenSearch) {
    setSeenSearch(search);
    if (search !== writeListingsState(state).toString()) setState(readListingsState(params));
  }
  useEffect(() => {
    const next = writeListingsState(state);
    if (next.toString() !== params.toString()) setParams(next, { replace: true });
  }, [state, params, setParams]);
  const attributes = useListingAttributes();
  const listings = useListings(state);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const rows = useMemo(() => listings.data?.rows ?? [], [listings.data]);
  const total = listings.data?.total ?? 0;

  function update(patch: TListingsPatch) {
    setSelectedId(null);
    setState((current) => ({ ...current, ...(typeof patch === 'function' ? patch(current) : patch) }));
  }

  const markers = useMemo<TMapMarker[]>(
    () =>
      rows.map((row) => ({
        id: row._id,
        position: row.location,
        title: row.propertyName,
        lines: [row.areaName, `${formatRent(row.rent)} per month`].filter(Boolean),
      })),
    [rows],
  );
  // The count stops at the cap; past it the pages go on while the server says one follows
  // (X-Has-Next-Page), so no listing after the 1,000th is out of reach (issue 20).
  const reached = listings.data?.hasNextPage ? state.page + 1 : rows.length > 0 ? state.page : 0;
  const pageCount = Math.max(1, Math.ceil(Math.min(total, LISTINGS_COUNT_CAP) / state.pageSize), reached);
  const totalText = total >= LISTINGS_COUNT_CAP ? `${LISTINGS_COUNT_CAP.toLocaleString('en-US')}+` : String(total);

  return (
    <>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', justifyContent: 'space-between', mb: 2 }}>
        <Typography variant="h5" component="h1">
          Property Listings
        </Typography>
        {/* Other features' actions (the wait list's Join WaitList), composed by app/. */}
        {actions}
      </Box>
      <Filters state={state} update={update} attributes={attributes.data ?? []} />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        <Box sx={{ minWidth: 0 }}>
          <Box sx={{ position: { md: 'sticky' }, top: { md: 80 } }}>
            <Box sx={{ minHeight: { xs: 280, md: '70vh' } }}>
              {/* After the list: the list is what a visitor reads first. */}
              {!listings.isPending && <ListingsMap markers={markers} selectedId={selectedId} onSelect={setSelectedId} />}
            </Box>
          </Box>
        </Box>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="body2" color="text.secondary" role="status" sx={{ mb: 1 }}>
            {listings.isPending ? 'Loading listings' : listings.isError ? 'Error Occurred' : `${totalText} listings`}
          </Typography>
          {!listings.isPending && !listings.isError && rows.length === 0 && <Typography>No properties match these filters.</Typography>}
          <Box component="ul" aria-label="Listings" sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', flexDirection: 'column', gap: 1.5 }}>
            {rows.map((row) => (
              <li key={row._id}>
                <ListingCard listing={row} selected={row._id === selectedId} onSelect={() => setSelectedId(row._id)} />
              </li>
            ))}
          </Box>
          <Box sx={{ display: 'flex', columnGap: 2, rowGap: 1, mt: 2, alignItems: 'center', flexWrap: 'wrap' }}>
            <ListingsPager count={pageCount} page={Math.min(state.page, pageCount)} onChange={(page) => update({ page })} label="Listings pages" />
            <Select
              label="Per page"
              value={String(state.pageSize)}
              options={LISTING_PAGE_SIZES.map((n) => ({ value: String(n), label: String(n) }))}
              onChange={(value) => update({ pageSize: Number(value), page: 1 })}
            />
          </Box>
        </Box>
      </Box>
    </>
  );
}
