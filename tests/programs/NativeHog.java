// A Java program whose memory is not on the heap (-Xmx does not cap it): it takes 2 GiB in
// blocks of 32 MiB through sun.misc.Unsafe and touches every byte, and claims the Runner's side
// only if it got them all, its output ending there: never AC, whatever it got. Under a smaller
// limit it must be MLE under every mechanism (the control group counts the whole JVM; under
// rlimits the judge adds up its resident memory).
import java.lang.reflect.Field;

public class NativeHog {
  public static void main(String[] args) throws Exception {
    Field field = sun.misc.Unsafe.class.getDeclaredField("theUnsafe");
    field.setAccessible(true);
    sun.misc.Unsafe unsafe = (sun.misc.Unsafe) field.get(null);
    final long block = 32L << 20;
    for (int i = 0; i < 64; ++i) {
      long address = unsafe.allocateMemory(block);
      unsafe.setMemory(address, block, (byte) 1);
    }
    System.out.println("Runner");
  }
}
