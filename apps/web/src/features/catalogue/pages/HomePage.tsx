export default function HomePage() {
  return (
    <section className="mx-auto max-w-5xl px-4 py-16">
      <h1 className="text-3xl font-bold">Discover Your Next Favorite Book</h1>
    </section>
  );
}
