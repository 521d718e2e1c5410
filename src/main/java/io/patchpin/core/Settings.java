package io.patchpin.core;

import java.time.Duration;
import java.util.Properties;

/**
 * What the JVM's system properties set for one run, read once by {@code Main.run} before any work and passed
 * down to where it is used; a value that is not a number is bad input naming its property (exit 2).
 *
 * @param readLimit the largest file or blob read into memory ({@value ReadLimit#PROPERTY})
 * @param regexWork the most units of work one RE2/J search may take ({@value #REGEX_WORK})
 * @param fsync     whether writes are flushed to disk: always, unless {@value #FSYNC} is {@code false}. Only the
 *     test JVMs set it (pom.xml, surefire's argLine), as git's own test suite runs with {@code GIT_TEST_FSYNC=0}:
 *     the tests check what is written, not that a power cut keeps it, and a flush per write cost them a third of
 *     their system time. The launcher never sets it, and the kill -9 test runs the shipped launcher, so the
 *     durability promise is tested with the flushes on.
 * @param lockWait  how long a writing command waits for another one holding the lock before it gives up naming
 *     it ({@value #LOCK_WAIT}, in milliseconds; 5 s unless set)
 */
public record Settings(ReadLimit readLimit, long regexWork, boolean fsync, Duration lockWait) {
    public static final String REGEX_WORK = "patchpin.regexWork";
    public static final String FSYNC = "patchpin.fsync";
    public static final String LOCK_WAIT = "patchpin.lockWait";
    /** How long a second writer waits when {@value #LOCK_WAIT} is not set. */
    public static final Duration DEFAULT_LOCK_WAIT = Duration.ofSeconds(5);
    /** The default regex limit: an expression of 25 instructions may search 1,000,000 characters. */
    public static final long DEFAULT_REGEX_WORK = 25_000_000L;
    /** The settings when no property is set. */
    public static final Settings DEFAULT = of(new Properties());

    public static Settings of(Properties properties) {
        String bytes = properties.getProperty(ReadLimit.PROPERTY);
        String work = properties.getProperty(REGEX_WORK);
        String wait = properties.getProperty(LOCK_WAIT);
        return new Settings(
                isSet(bytes) ? new ReadLimit(number(ReadLimit.PROPERTY, bytes, "bytes"), true) : ReadLimit.heapShare(),
                isSet(work) ? number(REGEX_WORK, work, "units") : DEFAULT_REGEX_WORK,
                !"false".equals(properties.getProperty(FSYNC)),
                isSet(wait) ? Duration.ofMillis(number(LOCK_WAIT, wait, "milliseconds")) : DEFAULT_LOCK_WAIT);
    }

    private static boolean isSet(String value) {
        return value != null && !value.isBlank();
    }

    private static long number(String property, String value, String unit) {
        long n;
        try {
            n = Long.parseLong(value.trim());
        } catch (NumberFormatException e) {
            throw new BadInputException("-D" + property, 0, "not a number of " + unit + ": " + value, e);
        }
        if (n < 0) {
            throw new BadInputException("-D" + property, 0, "a negative number of " + unit + ": " + value);
        }
        return n;
    }
}
