/*
 * Siena SENP: constants of the Siena Event Notification Protocol (the wire protocol of the
 * Siena publish/subscribe middleware, Carzaniga et al.): protocol version, request methods,
 * keywords of the packet encoding and the names of the attribute constraint operators.
 *
 * Written for jsymex as a compact Java version of Siena's SENP packet encoding (see
 * SENPPacket.encode()). Adapted: keywords are kept as Strings and copied byte by byte (the
 * models have no String.getBytes); method and operator names are chosen with a switch instead of a table.
 */
package siena;

public class SENP {
    public static final int ProtocolVersion = 2;
    public static final int MaxPacketLen = 65536;
    public static final int DefaultTtl = 30;
    public static final int MaxTtl = 255;

    // Request methods.
    public static final int NOP = 0;
    public static final int PUB = 1;
    public static final int SUB = 2;
    public static final int UNS = 3;
    public static final int ADV = 4;
    public static final int UNA = 5;
    public static final int HLO = 6;
    public static final int BYE = 7;
    public static final int SUS = 8;
    public static final int RES = 9;
    public static final int MAP = 10;
    public static final int CNF = 11;

    /** The method's name on the wire, or null for an unknown method. */
    public static String methodName(int m) {
        switch (m) {
            case NOP: return "NOP";
            case PUB: return "PUB";
            case SUB: return "SUB";
            case UNS: return "UNS";
            case ADV: return "ADV";
            case UNA: return "UNA";
            case HLO: return "HLO";
            case BYE: return "BYE";
            case SUS: return "SUS";
            case RES: return "RES";
            case MAP: return "MAP";
            case CNF: return "CNF";
            default: return null;
        }
    }

    // Keywords.
    public static final String KwdSenp = "senp";
    public static final String KwdEvent = "event";
    public static final String KwdFilter = "filter";
    public static final String KwdVersion = "version";
    public static final String KwdMethod = "method";
    public static final String KwdTtl = "ttl";
    public static final String KwdId = "id";
    public static final String KwdTo = "to";
    public static final String KwdHandler = "handler";
    public static final String KwdNull = "null";
    public static final String KwdTrue = "true";
    public static final String KwdFalse = "false";
    public static final byte KwdSeparator = ' ';
    public static final byte KwdEquals = '=';
    public static final byte KwdLParen = '{';
    public static final byte KwdRParen = '}';
    public static final byte KwdQuote = '"';
    public static final byte KwdEscape = '\\';

    /** The operator of an attribute constraint on the wire (AttributeConstraint.op), or null. */
    public static String operatorName(int op) {
        switch (op) {
            case 1: return "=";
            case 2: return "<";
            case 3: return ">";
            case 4: return ">=";
            case 5: return "<=";
            case 6: return ">*";
            case 7: return "*<";
            case 8: return "any";
            case 9: return "!=";
            case 10: return "*";
            default: return null;
        }
    }
}
