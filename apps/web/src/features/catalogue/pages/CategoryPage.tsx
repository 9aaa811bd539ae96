import { useParams } from 'react-router';
import { categorySource } from '../api/books';
import { useCategory } from '../api/categories';
import { CollectionPage } from '../components/CollectionPage';

export default function CategoryPage() {
  const { slug = '' } = useParams();
  return <CollectionPage kind="category" info={useCategory(slug)} source={categorySource(slug)} />;
}
