import { useNavigate } from 'react-router';

/** 'Proceed to Checkout'. The checkout work wires orders and payment; until then it sends guests to sign in. */
export function CheckoutButton() {
  const navigate = useNavigate();
  return (
    <button
      type="button"
      onClick={() => {
        sessionStorage.setItem('redirectAfterLogin', '/cart');
        navigate('/login', { state: { message: 'Please login to proceed with checkout' } });
      }}
      className="w-full rounded-md bg-indigo-600 px-4 py-3 font-semibold text-white hover:bg-indigo-700"
    >
      Proceed to Checkout
    </button>
  );
}
