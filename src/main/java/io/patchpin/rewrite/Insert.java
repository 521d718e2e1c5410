package io.patchpin.rewrite;

import io.patchpin.patchset.InsertEntry;
import java.util.List;
import java.util.stream.IntStream;

/**
 * An insert entry compiled for one file: {@link #anchors} finds the lines the anchor matches, {@link #splice} adds the
 * text lines after (or before) one of them. Inserted lines take the anchor line's terminator (so CRLF files stay CRLF);
 * after a last line without newline, a newline is added to the anchor line and the file still ends without one.
 */
public record Insert(Finder finder, InsertEntry.Position position, List<String> block) {
    public Insert {
        block = List.copyOf(block);
    }

    /** The insert of {@code text}'s lines (a final newline ends the last one, it adds no empty line). */
    public Insert(Finder finder, InsertEntry.Position position, String text) {
        this(finder, position, List.of(Show.chompNewline(text).split("\n", -1)));
    }

    public static Insert of(InsertEntry e, DecodedText text, long regexWork) {
        return new Insert(Finder.of(text.adapt(e.anchor()), e.regex(), regexWork), e.position(), text.adapt(e.text()));
    }

    /** 0-based lines the anchor matches. */
    public List<Integer> anchors(LineIndex lines) {
        if (lines.count() > 0) {
            finder.checkWork(lines.end(lines.count() - 1));
        }
        return IntStream.range(0, lines.count())
                .filter(i -> finder.matchesLine(lines.content(i)))
                .boxed()
                .toList();
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
        return blockStartsAt(lines, position == InsertEntry.Position.AFTER ? line + 1 : line - block.size());
    }

    /** 0-based line where the block occurs anywhere in the file, or -1. */
    public int findBlock(LineIndex lines) {
        return IntStream.range(0, lines.count())
                .filter(i -> blockStartsAt(lines, i))
                .findFirst()
                .orElse(-1);
    }

    private boolean blockStartsAt(LineIndex lines, int first) {
        return first >= 0
                && first + block.size() <= lines.count()
                && IntStream.range(0, block.size())
                        .allMatch(k -> lines.content(first + k).equals(block.get(k)));
    }

    /** What the anchor matches in {@code line}, else the whole line. */
    String matched(String line) {
        return finder.locate(line).stream().findFirst().map(Match::text).orElse(line);
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

    private static String guessEol(LineIndex lines) {
        return lines.count() > 1 && lines.terminator(0).equals("\r\n") ? "\r\n" : "\n";
    }

    @Override
    public String toString() {
        return position + " " + block;
    }
}
