export default function AddBookPage() {
  return (
    <section className="mx-auto max-w-5xl px-4 py-16">
      <h1 className="text-3xl font-bold">Add New Book</h1>
    </section>
  );
}
