import { useParams } from 'react-router';
import { authorSource } from '../api/books';
import { useAuthor } from '../api/authors';
import { CollectionPage } from '../components/CollectionPage';

export default function AuthorPage() {
  const { slug = '' } = useParams();
  return <CollectionPage kind="author" info={useAuthor(slug)} source={authorSource(slug)} />;
}
