import { FeatureNotBuiltPage } from '../../../components/ui/FeatureNotBuiltPage.tsx';

export default function MyStaysPage() {
  return <FeatureNotBuiltPage title="My Stays" purpose="The stays you have bought on Restay." />;
}
