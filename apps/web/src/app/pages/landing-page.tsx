import { useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { PublicDialogs, type TPublicDialog } from './public-dialogs';
import { useAppConfig } from '../../lib/session';
import { MenuItemIcon } from '../menu-icons';

interface TLandingCard {
  key: string;
  title: string;
  text: string;
  action: ReactNode;
}

function LandingCard({ card }: { card: TLandingCard }) {
  return (
    <Card variant="outlined" sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
      <CardContent sx={{ flexGrow: 1 }}>
        <MenuItemIcon itemKey={card.key} color="primary" fontSize="large" />
        <Typography variant="h6" component="h2" sx={{ mt: 1 }}>
          {card.title}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {card.text}
        </Typography>
      </CardContent>
      <CardActions>{card.action}</CardActions>
    </Card>
  );
}

/** The public landing page: title, credit and (when enabled) the four cards. */
export function LandingPage() {
  const config = useAppConfig();
  const [dialog, setDialog] = useState<TPublicDialog>(null);
  const airportName = config.data?.jsonvalue.airportName ?? 'Apron';
  const showCards = config.data?.jsonvalue.landinglinks === true;
  const logoUrl = config.data?.jsonvalue.logoUrl ?? null;

  const cards: TLandingCard[] = [
    {
      key: 'tiedown',
      title: 'Transient Parking',
      text: 'Request a tie-down for a visiting aircraft.',
      action: (
        <Button component={RouterLink} to="/tiedown/create" variant="contained">
          Submit
        </Button>
      ),
    },
    {
      key: 'listings',
      title: 'Property Listing',
      text: 'See hangars, land and buildings available for lease.',
      action: (
        <Button component={RouterLink} to="/listings" variant="contained">
          View Listings
        </Button>
      ),
    },
    {
      key: 'contact',
      title: 'Contact Us',
      text: 'Send a message to the airport administrators.',
      action: (
        <Button variant="contained" onClick={() => setDialog('contact')}>
          Contact Us
        </Button>
      ),
    },
    {
      key: 'lostCard',
      title: 'Lost/Stolen Card',
      text: 'Report a lost or stolen access card.',
      action: (
        <Button variant="contained" onClick={() => setDialog('lostCard')}>
          Report Card
        </Button>
      ),
    },
  ];

  return (
    <Box sx={{ py: { xs: 2, sm: 4 } }}>
      <Box sx={{ textAlign: 'center', mb: 4 }}>
        {/* The airport's logo above its name (decorative: the heading says the name). */}
        {logoUrl && <Box component="img" src={logoUrl} alt="" sx={{ display: 'block', mx: 'auto', mb: 1, maxHeight: { xs: 64, sm: 96 }, maxWidth: '80%', objectFit: 'contain' }} />}
        <Typography variant="h3" component="h1" sx={{ fontSize: { xs: '2rem', sm: '3rem' } }}>
          {config.isPending ? '\u00a0' : airportName}
        </Typography>
        <Typography color="text.secondary">Powered By Apron</Typography>
      </Box>
      {showCards && (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' } }}>
          {cards.map((card) => (
            <Box key={card.key}>
              <LandingCard card={card} />
            </Box>
          ))}
        </Box>
      )}
      <PublicDialogs open={dialog} onClose={() => setDialog(null)} />
    </Box>
  );
}
