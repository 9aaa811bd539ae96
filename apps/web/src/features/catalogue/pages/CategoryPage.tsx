import { useParams } from 'react-router';
import { usePageTitle } from '../../../lib/hooks';
import { categorySource } from '../api/books';
import { useCategory } from '../api/categories';
import { CollectionPage } from '../components/CollectionPage';

export default function CategoryPage() {
  const { slug = '' } = useParams();
  const category = useCategory(slug);
  usePageTitle(category.data?.name ?? (category.isError ? 'Error' : undefined));
  return (
    <CollectionPage
      info={category}
      source={categorySource(slug)}
      name={category.data?.name}
      image={category.data?.image}
      text={<p>{category.data?.description}</p>}
      count={category.data?.number_of_books}
      countLabel="Books"
      booksHeading={category.data ? `${category.data.name} Books` : 'Books'}
      emptyText="No books available in this category at the moment."
      errorText="Failed to load category information"
    />
  );
}
