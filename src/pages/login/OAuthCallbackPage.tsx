export default function OAuthCallbackPage(_props: { provider?: string }) { return null; }
