export default function ProfilePage() {
  return (
    <section className="mx-auto max-w-5xl px-4 py-16">
      <h1 className="text-3xl font-bold">Profile</h1>
    </section>
  );
}
