import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { parseQuantity, QuantityStepper } from './QuantityStepper';

function Harness({ max }: { max?: number }) {
  const [value, setValue] = useState(1);
  return (
    <>
      <QuantityStepper value={value} onChange={setValue} max={max} />
      <output>{value}</output>
    </>
  );
}

describe('quantity stepper', () => {
  it('accepts only whole numbers above 0', () => {
    expect(parseQuantity('3')).toBe(3);
    expect(parseQuantity('0')).toBeNull();
    expect(parseQuantity('-2')).toBeNull();
    expect(parseQuantity('1.5')).toBeNull();
    expect(parseQuantity('abc')).toBeNull();
    expect(parseQuantity('')).toBeNull();
    expect(parseQuantity('9', 4)).toBe(4);
  });

  it('never goes below 1 and ignores invalid typing', () => {
    render(<Harness />);
    const minus = screen.getByRole('button', { name: 'Decrease quantity' });
    expect(minus).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Increase quantity' }));
    fireEvent.click(screen.getByRole('button', { name: 'Increase quantity' }));
    expect(screen.getByText('3', { selector: 'output' })).toBeInTheDocument();
    fireEvent.click(minus);
    fireEvent.click(minus);
    fireEvent.click(minus);
    expect(screen.getByText('1', { selector: 'output' })).toBeInTheDocument();
    const input = screen.getByRole('spinbutton', { name: 'Quantity' });
    fireEvent.input(input, { target: { value: '0' } });
    expect(screen.getByText('1', { selector: 'output' })).toBeInTheDocument();
    fireEvent.input(input, { target: { value: '7' } });
    expect(screen.getByText('7', { selector: 'output' })).toBeInTheDocument();
  });

  it('stops at the stock', () => {
    render(<Harness max={2} />);
    const plus = screen.getByRole('button', { name: 'Increase quantity' });
    fireEvent.click(plus);
    expect(plus).toBeDisabled();
  });
});
