import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

// The dashboard's charts (recharts, SVG). Loaded lazily by the dashboard only, after hydration:
// the library is in the admin's JavaScript alone, never in the storefront's. Each chart has a
// table beside it (the accessible version), so the SVG itself is hidden from screen readers.

const GREEN = '#2f6b4f';
const CORAL = '#a84a22';
const SAND = '#c9b48f';

export function SalesChart({ data }: { data: { day: string; orders: number; revenue: number }[] }) {
  return (
    <div className="admin-chart" aria-hidden="true">
      <ResponsiveContainer width="100%" height={240}>
        <BarChart accessibilityLayer={false} data={data} margin={{ top: 8, right: 8, bottom: 8, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="day" tickFormatter={(day: string) => day.slice(5)} minTickGap={16} />
          <YAxis yAxisId="revenue" orientation="left" width={56} />
          <YAxis yAxisId="orders" orientation="right" width={32} allowDecimals={false} />
          <Tooltip />
          <Legend />
          <Bar yAxisId="revenue" dataKey="revenue" name="Revenue ($)" fill={GREEN} />
          <Bar yAxisId="orders" dataKey="orders" name="Orders" fill={CORAL} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}

export function FunnelChart({ data }: { data: { step: string; carts: number }[] }) {
  return (
    <div className="admin-chart" aria-hidden="true">
      <ResponsiveContainer width="100%" height={200}>
        <BarChart
          accessibilityLayer={false}
          data={data}
          layout="vertical"
          margin={{ top: 8, right: 16, bottom: 8, left: 8 }}
        >
          <CartesianGrid strokeDasharray="3 3" horizontal={false} />
          <XAxis type="number" allowDecimals={false} />
          <YAxis type="category" dataKey="step" width={110} />
          <Tooltip />
          <Bar dataKey="carts" name="Carts" fill={GREEN} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}

export function CancellationChart({
  data,
}: {
  data: { reason: string; offered: number; accepted: number; declined: number }[];
}) {
  return (
    <div className="admin-chart" aria-hidden="true">
      <ResponsiveContainer width="100%" height={220}>
        <BarChart accessibilityLayer={false} data={data} margin={{ top: 8, right: 8, bottom: 8, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="reason" />
          <YAxis allowDecimals={false} width={32} />
          <Tooltip />
          <Legend />
          <Bar dataKey="accepted" stackId="outcome" name="Took the offer" fill={GREEN} />
          <Bar dataKey="declined" stackId="outcome" name="Canceled" fill={CORAL} />
          <Bar dataKey="offered" stackId="outcome" name="Undecided" fill={SAND} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
