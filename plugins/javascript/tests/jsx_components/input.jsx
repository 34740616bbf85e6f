import React, { useState } from 'react';
import { Card, Layout } from './ui';
import Avatar from './Avatar.jsx';

/**
 * The profile page of one user.
 * @param {{ user: object, onSave: Function }} props
 */
export function ProfilePage({ user, onSave }) {
  const [editing, setEditing] = useState(false);
  return (
    <Layout.Page title="Profile">
      <Layout.Header>
        <Avatar src={user.avatar} size={48} />
        <h1>{user.name}</h1>
      </Layout.Header>
      <Card>
        {editing ? (
          <ProfileForm user={user} onSubmit={onSave} />
        ) : (
          <p className="bio">Nothing written about this user yet</p>
        )}
        <button onClick={() => setEditing(!editing)}>Edit the profile</button>
      </Card>
    </Layout.Page>
  );
}

const ProfileForm = ({ user, onSubmit }) => (
  <form onSubmit={onSubmit}>
    <input name="name" defaultValue={user.name} placeholder="Your full name" />
    <></>
  </form>
);

export default class ProfileErrorBoundary extends React.Component {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  render() {
    return this.state.failed ? <ErrorMessage /> : this.props.children;
  }
}
