// Counts the defined characters of each 4096-character block of the BMP.
package def;

public class Def {
  public static int count(int from) {
    int n = 0;
    for (int c = from; c < from + 4096 && c <= 0xFFFF; c++) if (Character.isDefined((char) c)) n++;
    return n;
  }
  public static void main(String[] a) { StringBuilder b = new StringBuilder(); for (int f = 0; f <= 0xFFFF; f += 4096) b.append(count(f)).append(','); System.out.println(b); }
}
