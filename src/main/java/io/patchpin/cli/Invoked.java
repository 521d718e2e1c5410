package io.patchpin.cli;

import picocli.CommandLine.Command;

import java.util.List;
import java.util.Set;

/**
 * Which verbs a run needs picocli to model, read from the arguments before
 * parsing: the one named, none for a bare {@code --version}, all of them when
 * in doubt (help, no verb, a mistyped verb, an argument file), so usage and
 * "did you mean" read as they would with every verb.
 */
record Invoked(Mode mode, String verb) {
    enum Mode { ALL, NONE, ONE }

    static final Invoked ALL = new Invoked(Mode.ALL, null);

    /** Root options that take no value and do not print the list of verbs. */
    private static final Set<String> QUIET_ROOT_FLAGS = Set.of("--version", "-V", "--stacktrace");

    static Invoked of(String... args) {
        boolean version = false;
        for (String a : args) {
            if (!a.startsWith("-") && !a.startsWith("@")) {
                return new Invoked(Mode.ONE, a);
            }
            if (!QUIET_ROOT_FLAGS.contains(a)) {
                return ALL;
            }
            version |= !a.equals("--stacktrace");
        }
        return version ? new Invoked(Mode.NONE, null) : ALL;
    }

    /** The verbs to add, from every verb (classes annotated with {@link Command}); all when the named one is unknown. */
    List<Class<?>> select(List<Class<?>> verbs) {
        return switch (mode) {
            case ALL -> verbs;
            case NONE -> List.of();
            case ONE -> {
                // a loop, not a stream: the first lambda of a run costs more than this whole choice saves
                for (Class<?> v : verbs) {
                    if (verb.equals(v.getAnnotation(Command.class).name())) {
                        yield List.of(v);
                    }
                }
                yield verbs;
            }
        };
    }
}
