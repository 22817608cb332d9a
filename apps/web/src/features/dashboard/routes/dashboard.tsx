import Stack from '@mui/material/Stack';
import { PageSpinner } from '@/components/page-spinner';
import { useMe } from '@/lib/auth';
import { ProductCards } from '../components/product-cards';
import { PromotionNotice } from '../components/promotion-notice';
import { WelcomeCard } from '../components/welcome-card';

export function DashboardRoute() {
  const { data: me } = useMe();
  if (!me) {
    return <PageSpinner />;
  }
  return (
    <Stack spacing={2.5}>
      <WelcomeCard me={me} />
      <PromotionNotice />
      <ProductCards />
    </Stack>
  );
}
