import { describe, expect, it } from 'vitest';
import { otpSmsBody } from './otp-service';

describe('the sign-in SMS', () => {
  it('keeps its sentence for people and ends with the origin-bound line browsers read', () => {
    const body = otpSmsBody('048213', 'https://arrive.example.ng/');
    const lines = body.split('\n');
    expect(lines[0]).toBe('Your Arrive code is 048213. It expires in 5 minutes. Do not share it with anyone.');
    expect(lines.at(-1)).toBe('@arrive.example.ng #048213');
    expect(otpSmsBody('111111', 'http://localhost:8080').split('\n').at(-1)).toBe('@localhost #111111');
  });
});
