import { FeatureNotBuiltPage } from '../../../components/ui/FeatureNotBuiltPage.tsx';

export default function BookingConfirmationPage() {
  return <FeatureNotBuiltPage title="Booking Confirmed" purpose="Once you buy a stay, its confirmation appears here." />;
}
