package io.patchpin.rewrite;

/** The 0-based lines {@code first} up to, not including, {@code end}; an empty span is the gap before {@code first}. */
record LineSpan(int first, int end) {
    static LineSpan counted(int first, int count) {
        return new LineSpan(first, first + count);
    }

    int count() {
        return end - first;
    }
}
