export default function EditPage(_props: { provider?: string }) { return null; }
