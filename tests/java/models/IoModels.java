import java.io.*;

/*
 * IoModels -- differential tests for the java.io models: StringReader,
 * BufferedReader.readLine with "\n", "\r\n" and "\r", LineNumberReader,
 * PushbackReader, InputStreamReader, ByteArrayInputStream,
 * PushbackInputStream, BufferedInputStream, StringWriter, PrintWriter,
 * BufferedWriter, OutputStreamWriter, ByteArrayOutputStream, PrintStream over
 * a stream, CharArrayWriter/Reader, FileInputStream/FileReader (no files),
 * and File path handling.
 */
public class IoModels {

    static String ex(Throwable t) {
        return "!" + t.getClass().getName() + (t.getMessage() == null ? "" : ":" + t.getMessage());
    }

    static String show(String s) {
        if (s == null) {
            return "null";
        }
        return "<" + s.replace("\r", "\\r").replace("\n", "\\n") + ">";
    }

    static byte[] bytes(String s) {
        byte[] b = new byte[s.length()];
        for (int i = 0; i < b.length; i++) {
            b[i] = (byte) s.charAt(i);
        }
        return b;
    }

    public static String stringReader() {
        StringBuilder sb = new StringBuilder();
        try {
            StringReader r = new StringReader("hello world");
            sb.append((char) r.read()).append((char) r.read()).append(r.ready()).append(r.markSupported());
            char[] buf = new char[4];
            sb.append(r.read(buf)).append(new String(buf));
            r.mark(100);
            sb.append(r.skip(2)).append((char) r.read());
            r.reset();
            sb.append((char) r.read()).append(r.skip(-3)).append((char) r.read());
            sb.append(r.read(buf, 1, 2)).append(new String(buf));
            sb.append(r.skip(100)).append(r.read()).append(r.read(buf)).append(r.read(buf, 0, 0));
            try {
                r.read(buf, 3, 5);
            } catch (IndexOutOfBoundsException e) {
                sb.append(ex(e));
            }
            try {
                r.mark(-1);
            } catch (IllegalArgumentException e) {
                sb.append(ex(e));
            }
            r.close();
            try {
                r.read();
            } catch (IOException e) {
                sb.append(ex(e));
            }
            Reader base = new StringReader("abc");
            StringWriter w = new StringWriter();
            sb.append(base.transferTo(w)).append(w);
        } catch (IOException e) {
            sb.append(ex(e));
        }
        return sb.toString();
    }

    public static String bufferedReader() {
        StringBuilder sb = new StringBuilder();
        try {
            BufferedReader r = new BufferedReader(new StringReader("line1\nline2\r\nline3\rline4\n\nlast"));
            String s;
            while ((s = r.readLine()) != null) {
                sb.append(show(s));
            }
            sb.append(show(r.readLine())).append(';');
            BufferedReader r2 = new BufferedReader(new StringReader("a\r\nb\n"), 2);
            sb.append(show(r2.readLine())).append((char) r2.read()).append(r2.read()).append(show(r2.readLine())).append(';');
            BufferedReader r3 = new BufferedReader(new StringReader("x\ry\r\n\r\nz"), 1);
            while ((s = r3.readLine()) != null) {
                sb.append(show(s));
            }
            sb.append(';');
            BufferedReader r4 = new BufferedReader(new StringReader("0123456789"), 4);
            sb.append((char) r4.read());
            r4.mark(3);
            char[] buf = new char[2];
            sb.append(r4.read(buf)).append(buf);
            r4.reset();
            sb.append((char) r4.read()).append(r4.skip(3)).append(r4.ready());
            r4.mark(1);
            sb.append(r4.read(new char[5])).append(r4.read(new char[5]));
            try {
                r4.reset();
            } catch (IOException e) {
                sb.append(ex(e));
            }
            BufferedReader r5 = new BufferedReader(new StringReader("q"));
            try {
                r5.reset();
            } catch (IOException e) {
                sb.append(ex(e));
            }
            r5.close();
            r5.close();
            try {
                r5.readLine();
            } catch (IOException e) {
                sb.append(ex(e));
            }
            try {
                new BufferedReader(new StringReader(""), 0);
            } catch (IllegalArgumentException e) {
                sb.append(ex(e));
            }
            sb.append(show(new BufferedReader(new StringReader("")).readLine()));
            sb.append(show(new BufferedReader(new StringReader("\n")).readLine()));
        } catch (IOException e) {
            sb.append(ex(e));
        }
        return sb.toString();
    }

    public static String lineNumberReader() {
        StringBuilder sb = new StringBuilder();
        try {
            LineNumberReader r = new LineNumberReader(new StringReader("ab\ncd\r\nef\rgh"));
            sb.append(r.getLineNumber());
            String s;
            while ((s = r.readLine()) != null) {
                sb.append(s).append('@').append(r.getLineNumber()).append(' ');
            }
            sb.append(r.getLineNumber()).append(';');
            LineNumberReader r2 = new LineNumberReader(new StringReader("a\r\nb\rc\n\nd"));
            int c;
            while ((c = r2.read()) != -1) {
                sb.append(c).append('@').append(r2.getLineNumber()).append(' ');
            }
            sb.append(r2.getLineNumber()).append(';');
            LineNumberReader r3 = new LineNumberReader(new StringReader("x\ny\nz\n"));
            r3.setLineNumber(10);
            char[] buf = new char[4];
            sb.append(r3.read(buf)).append(r3.getLineNumber()).append(show(r3.readLine())).append(r3.getLineNumber());
            sb.append(show(r3.readLine())).append(r3.getLineNumber());
        } catch (IOException e) {
            sb.append(ex(e));
        }
        return sb.toString();
    }

    public static String pushbackReader() {
        StringBuilder sb = new StringBuilder();
        try {
            PushbackReader r = new PushbackReader(new StringReader("abc"), 2);
            int c = r.read();
            sb.append((char) c);
            r.unread(c);
            sb.append((char) r.read()).append((char) r.read());
            r.unread('x');
            r.unread('y');
            try {
                r.unread('z');
            } catch (IOException e) {
                sb.append(ex(e));
            }
            char[] buf = new char[5];
            int n = r.read(buf, 0, 5);
            sb.append(n).append(new String(buf, 0, n)).append(r.read()).append(r.ready());
            r.unread(new char[] {'1', '2'});
            sb.append((char) r.read()).append(r.skip(5)).append(r.markSupported());
            try {
                r.mark(1);
            } catch (IOException e) {
                sb.append(ex(e));
            }
            try {
                new PushbackReader(new StringReader(""), 0);
            } catch (IllegalArgumentException e) {
                sb.append(ex(e));
            }
            r.close();
            try {
                r.read();
            } catch (IOException e) {
                sb.append(ex(e));
            }
            PushbackReader one = new PushbackReader(new StringReader("k"));
            one.unread('j');
            try {
                one.unread('i');
            } catch (IOException e) {
                sb.append(ex(e));
            }
            sb.append((char) one.read()).append((char) one.read()).append(one.read());
        } catch (IOException e) {
            sb.append(ex(e));
        }
        return sb.toString();
    }

    public static String byteStreams() {
        StringBuilder sb = new StringBuilder();
        try {
            ByteArrayInputStream in = new ByteArrayInputStream(new byte[] {1, 2, 3, -1, 5, 6});
            sb.append(in.read()).append(in.available()).append(in.markSupported());
            in.mark(0);
            byte[] b = new byte[3];
            sb.append(in.read(b)).append(b[2]).append(in.skip(1)).append(in.read());
            in.reset();
            sb.append(in.read()).append(in.skip(10)).append(in.read()).append(in.read(b, 0, 2)).append(';');
            ByteArrayInputStream part = new ByteArrayInputStream(new byte[] {10, 20, 30, 40}, 1, 2);
            sb.append(part.read()).append(part.read()).append(part.read()).append(';');
            PushbackInputStream p = new PushbackInputStream(new ByteArrayInputStream(new byte[] {65, 66, 67}));
            int c = p.read();
            p.unread(c);
            try {
                p.unread(c);
            } catch (IOException e) {
                sb.append(ex(e));
            }
            sb.append(p.read()).append(p.read()).append(p.available());
            PushbackInputStream p2 = new PushbackInputStream(new ByteArrayInputStream(new byte[] {1, 2}), 3);
            p2.unread(new byte[] {7, 8, 9});
            byte[] all = new byte[6];
            sb.append(p2.read(all)).append(all[0]).append(all[3]).append(all[4]).append(p2.read()).append(';');
            BufferedInputStream bi = new BufferedInputStream(new ByteArrayInputStream(new byte[] {9, 8, 7, 6, 5}), 2);
            sb.append(bi.read());
            bi.mark(10);
            sb.append(bi.read()).append(bi.read()).append(bi.read());
            bi.reset();
            sb.append(bi.read()).append(bi.available()).append(bi.skip(1)).append(bi.read()).append(bi.read()).append(';');
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            out.write(72);
            out.write(new byte[] {105, 33, 63}, 0, 2);
            sb.append(out.size()).append(out.toString()).append(out.toByteArray().length);
            out.reset();
            sb.append(out.size());
            InputStream empty = new ByteArrayInputStream(new byte[0]);
            sb.append(empty.read()).append(empty.read(new byte[2])).append(empty.readAllBytes().length);
            byte[] rest = new ByteArrayInputStream(new byte[] {1, 2, 3}).readNBytes(2);
            sb.append(rest.length);
        } catch (IOException e) {
            sb.append(ex(e));
        }
        return sb.toString();
    }

    public static String inputStreamReader() {
        StringBuilder sb = new StringBuilder();
        try {
            InputStreamReader r = new InputStreamReader(new ByteArrayInputStream(bytes("Hi\u00c3\u00a9!")), "UTF-8");
            int c;
            while ((c = r.read()) != -1) {
                sb.append(c).append(',');
            }
            sb.append(r.getEncoding()).append(';');
            InputStreamReader l1 = new InputStreamReader(new ByteArrayInputStream(bytes("a\u00e9")), "ISO-8859-1");
            char[] buf = new char[8];
            int n = l1.read(buf);
            sb.append(n).append((int) buf[1]).append(l1.getEncoding()).append(';');
            try {
                new InputStreamReader(new ByteArrayInputStream(new byte[0]), "NO-SUCH-CHARSET");
            } catch (UnsupportedEncodingException e) {
                sb.append(ex(e));
            }
            BufferedReader br = new BufferedReader(new InputStreamReader(new ByteArrayInputStream(bytes("one\ntwo\r\n")), "US-ASCII"));
            sb.append(show(br.readLine())).append(show(br.readLine())).append(show(br.readLine()));
            InputStreamReader bad = new InputStreamReader(new ByteArrayInputStream(new byte[] {(byte) 0xC3, 65}), "UTF-8");
            sb.append(bad.read()).append(',').append(bad.read()).append(',').append(bad.read());
            InputStreamReader dflt = new InputStreamReader(new ByteArrayInputStream(bytes("o")));
            sb.append((char) dflt.read()).append(dflt.ready());
            dflt.close();
            try {
                dflt.read();
            } catch (IOException e) {
                sb.append(ex(e));
            }
        } catch (IOException e) {
            sb.append(ex(e));
        }
        return sb.toString();
    }

    public static String writers() {
        StringBuilder sb = new StringBuilder();
        try {
            StringWriter sw = new StringWriter();
            sw.write('a');
            sw.write("bcd", 1, 2);
            sw.write(new char[] {'x', 'y', 'z'}, 1, 2);
            sw.append("AB").append('C').append("0123", 1, 3).append(null);
            sw.write((String) null);
            sb.append(sw).append(sw.getBuffer().length()).append(';');
            try {
                sw.write(new char[2], 1, 5);
            } catch (IndexOutOfBoundsException e) {
                sb.append(ex(e));
            }
            try {
                new StringWriter(-1);
            } catch (IllegalArgumentException e) {
                sb.append(ex(e));
            }
            StringWriter out = new StringWriter();
            PrintWriter pw = new PrintWriter(out);
            pw.print(true);
            pw.print('c');
            pw.print(42);
            pw.print(7L);
            pw.print(1.5f);
            pw.print(2.25);
            pw.print(new char[] {'h', 'i'});
            pw.print((String) null);
            pw.print((Object) null);
            pw.print(new StringBuilder("sb"));
            pw.println();
            pw.println(false);
            pw.println('d');
            pw.println(-3);
            pw.println(Long.MIN_VALUE);
            pw.println(0.1f);
            pw.println(1e10);
            pw.println(new char[] {'o', 'k'});
            pw.println("str");
            pw.println((Object) "obj");
            pw.write(65);
            pw.write("BCD", 1, 1);
            pw.write(new char[] {'E', 'F'});
            pw.append('G').append("HI").append("xJKx", 1, 3);
            pw.flush();
            sb.append(show(out.toString())).append(pw.checkError());
            pw.close();
            pw.println("after close");
            pw.close();
            sb.append(pw.checkError()).append(';');
            CharArrayWriter cw = new CharArrayWriter();
            BufferedWriter bw = new BufferedWriter(cw, 4);
            bw.write("abc");
            sb.append(cw.size());
            bw.write("defgh");
            sb.append(cw.size());
            bw.newLine();
            bw.write('!');
            sb.append(cw.size());
            bw.flush();
            sb.append(show(cw.toString())).append(cw.toCharArray().length);
            bw.close();
            try {
                bw.write('x');
            } catch (IOException e) {
                sb.append(ex(e));
            }
            CharArrayReader car = new CharArrayReader(cw.toCharArray(), 2, 3);
            sb.append((char) car.read()).append(car.skip(1)).append((char) car.read()).append(car.read());
        } catch (IOException e) {
            sb.append(ex(e));
        }
        return sb.toString();
    }

    public static String streamWriters() {
        StringBuilder sb = new StringBuilder();
        try {
            ByteArrayOutputStream bos = new ByteArrayOutputStream();
            PrintWriter pw = new PrintWriter(bos);
            pw.print("abc");
            pw.println(12);
            sb.append(bos.size());
            pw.flush();
            sb.append(bos.size()).append(show(bos.toString())).append(';');
            ByteArrayOutputStream bos2 = new ByteArrayOutputStream();
            PrintWriter auto = new PrintWriter(bos2, true);
            auto.print("x");
            sb.append(bos2.size());
            auto.println("y");
            sb.append(bos2.size());
            auto.close();
            sb.append(auto.checkError()).append(';');
            ByteArrayOutputStream bos3 = new ByteArrayOutputStream();
            OutputStreamWriter osw = new OutputStreamWriter(bos3, "UTF-8");
            osw.write("h\u00e9\u20ac");
            sb.append(bos3.size());
            osw.flush();
            sb.append(bos3.size()).append(osw.getEncoding());
            byte[] enc = bos3.toByteArray();
            for (byte b : enc) {
                sb.append(b & 0xFF).append(',');
            }
            osw.close();
            sb.append(osw.getEncoding());
            try {
                osw.write('z');
            } catch (IOException e) {
                sb.append(ex(e));
            }
            ByteArrayOutputStream bos4 = new ByteArrayOutputStream();
            OutputStreamWriter latin = new OutputStreamWriter(bos4, "ISO-8859-1");
            latin.write("\u00e9\u20acA");
            latin.close();
            byte[] lb = bos4.toByteArray();
            for (byte b : lb) {
                sb.append(b & 0xFF).append(',');
            }
            sb.append(';');
            ByteArrayOutputStream bos5 = new ByteArrayOutputStream();
            PrintStream ps = new PrintStream(bos5);
            ps.print("ps");
            ps.println(3);
            ps.write(33);
            ps.print('c');
            ps.println();
            sb.append(show(bos5.toString())).append(ps.checkError());
            ps.close();
            ps.print("x");
            sb.append(ps.checkError()).append(bos5.size());
        } catch (IOException e) {
            sb.append(ex(e));
        }
        return sb.toString();
    }

    public static String filesAndPaths() {
        StringBuilder sb = new StringBuilder();
        try {
            new FileInputStream("does/not/exist.txt");
        } catch (FileNotFoundException e) {
            sb.append(ex(e));
        }
        try {
            new FileReader("missing.xml");
        } catch (FileNotFoundException e) {
            sb.append(ex(e));
        }
        try {
            new FileInputStream(new File("/nope/x"));
        } catch (FileNotFoundException e) {
            sb.append(ex(e));
        }
        sb.append(';');
        File f = new File("/usr//local/lib/");
        sb.append(f).append('|').append(f.getName()).append('|').append(f.getParent()).append('|').append(f.isAbsolute());
        sb.append('|').append(f.getParentFile().getParentFile()).append(';');
        File rel = new File("a/b.txt");
        sb.append(rel.getPath()).append('|').append(rel.getName()).append('|').append(rel.getParent()).append('|');
        sb.append(rel.isAbsolute()).append('|').append(new File("x").getParent()).append('|').append(new File("/").getName());
        sb.append('|').append(new File("/").getParent()).append('|').append(new File("/top").getParent()).append(';');
        sb.append(new File("dir", "file")).append('|').append(new File("/", "etc")).append('|');
        sb.append(new File((String) null, "solo")).append('|').append(new File(new File("/p"), "q/r/")).append('|');
        sb.append(new File("", "e")).append('|').append(new File("d/", "/s")).append(';');
        sb.append(rel.equals(new File("a//b.txt"))).append(rel.hashCode() == new File("a/b.txt").hashCode());
        sb.append(rel.compareTo(new File("a/c"))).append(File.separator).append(File.pathSeparatorChar);
        return sb.toString();
    }

    public static String ioBounds() {
        StringBuilder sb = new StringBuilder();
        char[] c = new char[2];
        byte[] b = new byte[2];
        try {
            new BufferedReader(new StringReader("abc")).read(c, 1, 5);
        } catch (IndexOutOfBoundsException | IOException e) {
            sb.append(ex(e));
        }
        try {
            new InputStreamReader(new ByteArrayInputStream(b)).read(c, 1, 5);
        } catch (IndexOutOfBoundsException | IOException e) {
            sb.append(ex(e));
        }
        try {
            new PushbackReader(new StringReader("abc")).read(c, 1, 5);
        } catch (IndexOutOfBoundsException | IOException e) {
            sb.append(ex(e));
        }
        try {
            new CharArrayReader(c).read(c, 1, 5);
        } catch (IndexOutOfBoundsException | IOException e) {
            sb.append(ex(e));
        }
        try {
            new BufferedWriter(new StringWriter()).write(c, 1, 5);
        } catch (IndexOutOfBoundsException | IOException e) {
            sb.append(ex(e));
        }
        try {
            new OutputStreamWriter(new ByteArrayOutputStream()).write(c, 1, 5);
        } catch (IndexOutOfBoundsException | IOException e) {
            sb.append(ex(e));
        }
        try {
            new PrintWriter(new StringWriter()).write(c, 1, 5);
        } catch (IndexOutOfBoundsException e) {
            sb.append(ex(e));
        }
        try {
            new ByteArrayOutputStream().write(b, 1, 5);
        } catch (IndexOutOfBoundsException e) {
            sb.append(ex(e));
        }
        try {
            new ByteArrayInputStream(b).read(b, 1, 5);
        } catch (IndexOutOfBoundsException e) {
            sb.append(ex(e));
        }
        try {
            new PushbackInputStream(new ByteArrayInputStream(b)).read(b, 1, 5);
        } catch (IndexOutOfBoundsException | IOException e) {
            sb.append(ex(e));
        }
        try {
            new BufferedInputStream(new ByteArrayInputStream(b)).read(b, 1, 5);
        } catch (IndexOutOfBoundsException | IOException e) {
            sb.append(ex(e));
        }
        try {
            new PrintStream(new ByteArrayOutputStream()).write(b, 1, 5);
        } catch (IndexOutOfBoundsException e) {
            sb.append(ex(e));
        }
        try {
            new StringReader("abc").read(c, -1, 1);
        } catch (IndexOutOfBoundsException | IOException e) {
            sb.append(ex(e));
        }
        try {
            new LineNumberReader(new StringReader("x")).skip(-1);
        } catch (IllegalArgumentException | IOException e) {
            sb.append(ex(e));
        }
        try {
            new BufferedReader(new StringReader("x")).skip(-1);
        } catch (IllegalArgumentException | IOException e) {
            sb.append(ex(e));
        }
        try {
            new BufferedWriter(new StringWriter(), -2);
        } catch (IllegalArgumentException e) {
            sb.append(ex(e));
        }
        try {
            new PushbackInputStream(new ByteArrayInputStream(b), 0);
        } catch (IllegalArgumentException e) {
            sb.append(ex(e));
        }
        return sb.toString();
    }
}
