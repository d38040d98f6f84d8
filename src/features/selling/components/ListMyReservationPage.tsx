import { FeatureNotBuiltPage } from '../../../components/ui/FeatureNotBuiltPage.tsx';

export default function ListMyReservationPage() {
  return (
    <FeatureNotBuiltPage
      title="List Your Stay"
      purpose="Import a hotel reservation you can no longer use, verify it is yours, and list it at your price."
    />
  );
}
