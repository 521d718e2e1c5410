package io.patchpin.core;

import java.util.Optional;

/**
 * An upper bound of the program an RE2 expression compiles to, computed from
 * its text before compiling: RE2/J has no program-size limit of its own, so
 * {@code ((a{1000}){1000}){1000}} (24 bytes) would expand to 10^9
 * instructions and exhaust the heap, and a very long literal compiles in
 * quadratic time. Literal characters, classes and escapes count 1, a group
 * counts its content, alternation adds, a repetition multiplies by its
 * largest count. Numbers saturate, so no input can overflow the estimate.
 */
public final class RegexSize {
    /** RE2's own default budget is of this order (its max_mem of 8 MB); real edits use a few hundred. */
    public static final long LIMIT = 10_000;

    private static final long CAP = Long.MAX_VALUE / 4;

    private final String re;
    private int at;

    private RegexSize(String re) {
        this.re = re;
    }

    /** Why {@code regex} is too big to compile safely, or empty. */
    public static Optional<String> problem(String regex) {
        long size = estimate(regex);
        if (size > LIMIT) {
            return Optional.of("regular expression too large: its program would have "
                    + (size >= CAP ? "more than " + CAP : String.valueOf(size)) + " instructions (limit " + LIMIT
                    + ")");
        }
        return Optional.empty();
    }

    public static long estimate(String regex) {
        RegexSize r = new RegexSize(regex);
        long total = 0;
        while (r.at < regex.length()) {
            total = add(total, r.alternation());
            if (r.at < regex.length()) {
                r.at++; // a stray ')': RE2 refuses it when compiling
            }
        }
        return total;
    }

    private long alternation() {
        long size = sequence();
        while (at < re.length() && re.charAt(at) == '|') {
            at++;
            size = add(add(size, sequence()), 1);
        }
        return size;
    }

    private long sequence() {
        long size = 0;
        while (at < re.length() && re.charAt(at) != '|' && re.charAt(at) != ')') {
            long atom = atom();
            while (at < re.length()) {
                long repeated = quantifier(atom);
                if (repeated < 0) {
                    break;
                }
                atom = repeated;
            }
            size = add(size, atom);
        }
        return size;
    }

    private long atom() {
        char c = re.charAt(at++);
        switch (c) {
            case '(' -> {
                long inner = alternation();
                if (at < re.length()) {
                    at++; // ')'
                }
                return add(inner, 2);
            }
            case '[' -> {
                skipClass();
                return 1;
            }
            case '\\' -> {
                return escape();
            }
            default -> {
                return 1;
            }
        }
    }

    /** The size after one quantifier at {@code at}, or -1 when none is there. */
    private long quantifier(long atom) {
        char c = re.charAt(at);
        if (c == '*' || c == '+' || c == '?') {
            at++;
            skipLazy();
            return add(atom, 1);
        }
        if (c != '{') {
            return -1;
        }
        int close = re.indexOf('}', at);
        if (close < 0 || !re.substring(at + 1, close).matches("\\d+(,\\d*)?")) {
            return -1; // a literal '{'
        }
        String[] parts = re.substring(at + 1, close).split(",", -1);
        long min = number(parts[0]);
        long max = parts.length == 1 ? min : parts[1].isEmpty() ? add(min, 1) : number(parts[1]);
        at = close + 1;
        skipLazy();
        return add(multiply(atom, Math.max(Math.max(min, max), 1)), 1);
    }

    private void skipLazy() {
        if (at < re.length() && re.charAt(at) == '?') {
            at++;
        }
    }

    private long escape() {
        if (at >= re.length()) {
            return 1;
        }
        char c = re.charAt(at++);
        if (c == 'Q') {
            int end = re.indexOf("\\E", at);
            int stop = end < 0 ? re.length() : end;
            long n = Math.max(stop - at, 1);
            at = end < 0 ? re.length() : end + 2;
            return n;
        }
        if ((c == 'p' || c == 'P' || c == 'x') && at < re.length() && re.charAt(at) == '{') {
            int end = re.indexOf('}', at);
            at = end < 0 ? re.length() : end + 1;
        } else if (c == 'p' || c == 'P') {
            at = Math.min(at + 1, re.length());
        } else if (c == 'x') {
            at = Math.min(at + 2, re.length());
        }
        return 1;
    }

    private void skipClass() {
        if (at < re.length() && re.charAt(at) == '^') {
            at++;
        }
        if (at < re.length() && re.charAt(at) == ']') {
            at++;
        }
        while (at < re.length() && re.charAt(at) != ']') {
            if (re.charAt(at) == '\\') {
                at += 2;
            } else if (re.startsWith("[:", at)) {
                int end = re.indexOf(":]", at + 2);
                at = end < 0 ? at + 1 : end + 2;
            } else {
                at++;
            }
        }
        at = Math.min(at + 1, re.length());
    }

    private static long number(String digits) {
        return digits.length() > 12 ? CAP : Math.min(Long.parseLong(digits), CAP);
    }

    private static long add(long a, long b) {
        return Math.min(a + b, CAP);
    }

    /** {@code a} is an atom's size, never below 1. */
    private static long multiply(long a, long b) {
        return b <= CAP / a ? Math.min(a * b, CAP) : CAP;
    }
}
