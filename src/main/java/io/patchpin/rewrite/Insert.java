package io.patchpin.rewrite;

import io.patchpin.patchset.InsertEntry;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * An insert entry compiled for one file: {@link #anchors} finds the lines the
 * anchor matches, {@link #splice} adds the text lines after (or before) one
 * of them. Inserted lines take the anchor line's terminator (so CRLF files
 * stay CRLF); after a last line without newline, a newline is added to the
 * anchor line and the file still ends without one.
 */
public final class Insert {
    private final Finder finder;
    private final InsertEntry.Position position;
    private final List<String> block;

    public Insert(Finder finder, InsertEntry.Position position, String text) {
        this.finder = finder;
        this.position = position;
        String t = text.endsWith("\n") ? text.substring(0, text.length() - 1) : text;
        this.block = List.of(t.split("\n", -1));
    }

    public static Insert of(InsertEntry e, DecodedText text, long regexWork) {
        return new Insert(Finder.of(text.adapt(e.anchor()), e.regex(), regexWork), e.position(), text.adapt(e.text()));
    }

    public Finder finder() {
        return finder;
    }

    public InsertEntry.Position position() {
        return position;
    }

    /** 0-based lines the anchor matches. */
    public List<Integer> anchors(LineIndex lines) {
        List<Integer> out = new ArrayList<>();
        if (lines.count() > 0) {
            finder.checkWork(lines.end(lines.count() - 1));
        }
        for (int i = 0; i < lines.count(); i++) {
            if (finder.matchesLine(lines.content(i))) {
                out.add(i);
            }
        }
        return out;
    }

    /** The text with the block added next to anchor line {@code line}. */
    public String splice(String text, LineIndex lines, int line) {
        String eol = lines.terminator(line);
        String useEol = eol.isEmpty() ? guessEol(lines) : eol;
        StringBuilder b = new StringBuilder(text.length() + 64);
        if (position == InsertEntry.Position.BEFORE) {
            b.append(text, 0, lines.start(line));
            block.forEach(l -> b.append(l).append(useEol));
            return b.append(text, lines.start(line), text.length()).toString();
        }
        b.append(text, 0, lines.end(line));
        if (eol.isEmpty()) {
            b.append(useEol).append(String.join(useEol, block));
        } else {
            block.forEach(l -> b.append(l).append(eol));
        }
        return b.append(text, lines.end(line), text.length()).toString();
    }

    /** Whether the block already sits next to anchor line {@code line} (after it, or before it). */
    public boolean blockAt(LineIndex lines, int line) {
        int first = position == InsertEntry.Position.AFTER ? line + 1 : line - block.size();
        if (first < 0 || first + block.size() > lines.count()) {
            return false;
        }
        for (int k = 0; k < block.size(); k++) {
            if (!lines.content(first + k).equals(block.get(k))) {
                return false;
            }
        }
        return true;
    }

    /** 0-based line where the block occurs anywhere in the file, or -1. */
    public int findBlock(LineIndex lines) {
        outer:
        for (int i = 0; i + block.size() <= lines.count(); i++) {
            for (int k = 0; k < block.size(); k++) {
                if (!lines.content(i + k).equals(block.get(k))) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }

    /** The text with the block next to anchor line {@code line} removed (the inverse of {@link #splice}). */
    public String unsplice(String text, LineIndex lines, int line) {
        int first = position == InsertEntry.Position.AFTER ? line + 1 : line - block.size();
        int last = first + block.size() - 1;
        if (position == InsertEntry.Position.AFTER && lines.terminator(last).isEmpty()) {
            // the block ended the file: drop the newline added to the anchor line too
            int anchorContentEnd = lines.start(line) + lines.content(line).length();
            return text.substring(0, anchorContentEnd);
        }
        return text.substring(0, lines.start(first)) + text.substring(lines.end(last));
    }

    public List<String> block() {
        return block;
    }

    private static String guessEol(LineIndex lines) {
        return lines.count() > 1 && lines.terminator(0).equals("\r\n") ? "\r\n" : "\n";
    }

    @Override
    public String toString() {
        return position + " " + Arrays.toString(block.toArray());
    }
}
