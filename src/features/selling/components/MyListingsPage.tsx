import { FeatureNotBuiltPage } from '../../../components/ui/FeatureNotBuiltPage.tsx';

export default function MyListingsPage() {
  return <FeatureNotBuiltPage title="My Listings" purpose="The stays you have listed for resale, and whether they have sold." />;
}
