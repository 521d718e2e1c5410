package io.patchpin.sed;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;

/**
 * Splits one logical shell line into simple commands and words, the way sh would for the plain cases found in build
 * notes: single and double quotes, backslash escapes, ';', '&&', '||', '|' and '#' comments. It never expands anything;
 * words that would need expansion ($VAR, $(...), backticks) are flagged so the caller can refuse them.
 */
final class ShellLine {
    private ShellLine() {}

    /** One word; {@code expands} when it holds $VAR, $(...) or a backtick outside single quotes. */
    record Word(String text, boolean expands) {}

    /** A simple command; {@code piped} when it is part of a pipeline. */
    record Command(List<Word> words, boolean piped) {
        Command {
            words = List.copyOf(words);
        }
    }

    /** The commands, or null when quotes are unbalanced. */
    static List<Command> split(String line) {
        Splitter s = new Splitter();
        int i = 0;
        while (i < line.length()) {
            char c = line.charAt(i);
            if (c == '\'') {
                int close = line.indexOf('\'', i + 1);
                if (close < 0) {
                    return null;
                }
                s.word().append(line, i + 1, close);
                i = close + 1;
            } else if (c == '"') {
                int end = doubleQuoted(line, i + 1, s.word());
                if (end < 0) {
                    return null;
                }
                s.expands |= hasExpansion(line.substring(i + 1, end));
                i = end + 1;
            } else if (c == '\\' && i + 1 < line.length()) {
                s.word().append(line.charAt(i + 1));
                i += 2;
            } else if (Character.isWhitespace(c)) {
                s.endWord();
                i++;
            } else if (c == '#' && s.word == null) {
                break;
            } else if (c == ';' || c == '&' || c == '|') {
                boolean twice = i + 1 < line.length() && line.charAt(i + 1) == c;
                s.endCommand(c == '|' && !twice);
                i += twice ? 2 : 1;
            } else {
                s.expands |= c == '$' && expansion(line, i) || c == '`';
                s.word().append(c);
                i++;
            }
        }
        s.endCommand(false);
        return s.commands;
    }

    /** The commands so far, the words of the one being read, and the word being read (null between words). */
    private static final class Splitter {
        final List<Command> commands = new ArrayList<>();
        List<Word> words = new ArrayList<>();
        StringBuilder word;
        boolean expands;
        boolean piped;

        StringBuilder word() {
            word = word == null ? new StringBuilder() : word;
            return word;
        }

        void endWord() {
            if (word != null) {
                words.add(new Word(word.toString(), expands));
                word = null;
                expands = false;
            }
        }

        /** Ends the command; {@code pipe} when a '|' ends it, so the next one is piped too. */
        void endCommand(boolean pipe) {
            endWord();
            if (!words.isEmpty()) {
                commands.add(new Command(words, piped || pipe));
            }
            words = new ArrayList<>();
            piped = pipe;
        }
    }

    /** Appends a double-quoted string's value; returns the index of the closing quote, or -1. */
    private static int doubleQuoted(String line, int from, StringBuilder w) {
        for (int i = from; i < line.length(); i++) {
            char c = line.charAt(i);
            if (c == '"') {
                return i;
            }
            if (c == '\\' && i + 1 < line.length() && "\"\\$`\n".indexOf(line.charAt(i + 1)) >= 0) {
                w.append(line.charAt(++i));
            } else {
                w.append(c);
            }
        }
        return -1;
    }

    private static boolean hasExpansion(String s) {
        return IntStream.range(0, s.length())
                .anyMatch(i -> (s.charAt(i) == '$' && expansion(s, i) || s.charAt(i) == '`')
                        && (i == 0 || s.charAt(i - 1) != '\\'));
    }

    /** Whether the {@code $} at {@code i} starts an expansion; before {@code /}, a quote or the end it is a plain $. */
    private static boolean expansion(String s, int i) {
        return i + 1 < s.length()
                && (Character.isLetterOrDigit(s.charAt(i + 1)) || "_{(@*#?$!-".indexOf(s.charAt(i + 1)) >= 0);
    }
}
