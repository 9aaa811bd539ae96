export default function BookDetailPage() {
  return (
    <section className="mx-auto max-w-5xl px-4 py-16">
      <h1 className="text-3xl font-bold">Book</h1>
    </section>
  );
}
